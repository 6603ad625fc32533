"""Deterministic distractor memories for the agent-recall benchmark.

The distractors are facts a long-lived store plausibly holds besides the
person's own standing facts: other people's details, generic notes, old
tasks. They are written from templates (unlike the bank and the turns) with
a fixed seed, so ``distractors.jsonl`` is reproducible:

    cd benchmarks/data/agent_recall && python distractors.py > distractors.jsonl

No distractor id is ever gold. Many are deliberately close to the bank's
topics (someone else's allergy, another team's database), because that is
what makes padding the store hard rather than free.
"""

from __future__ import annotations

import json
import random
import sys

SEED = 13
COUNT = 5000

EN_NAMES = [
    "Kevin",
    "Alice",
    "Tom",
    "Rachel",
    "Omar",
    "Sofia",
    "Ben",
    "Hannah",
    "Raj",
    "Elena",
    "Marco",
    "Yuki",
    "Chloe",
    "Daniel",
    "Fatima",
    "Lucas",
    "Nina",
    "Ivan",
    "Grace",
    "Peter",
    "Aisha",
    "Jonas",
    "Emma",
    "Carlos",
]
ZH_NAMES = [
    "张伟",
    "李娜",
    "刘洋",
    "陈静",
    "杨帆",
    "赵磊",
    "黄敏",
    "周杰",
    "吴婷",
    "徐浩",
    "孙悦",
    "马超",
    "朱琳",
    "胡斌",
    "郭芳",
    "何欢",
    "高鹏",
    "罗佳",
    "梁晨",
    "宋雨",
]
EN_REL = [
    "neighbour",
    "colleague from marketing",
    "former classmate",
    "cousin",
    "gym buddy",
    "landlord",
    "friend from university",
    "client at Northwind",
    "contractor",
    "tennis partner",
]
ZH_REL = [
    "邻居",
    "市场部同事",
    "高中同学",
    "表哥",
    "健身房认识的朋友",
    "房东",
    "大学同学",
    "客户",
    "外包工程师",
    "球友",
]
EN_CITIES = [
    "Berlin",
    "Toronto",
    "Melbourne",
    "Austin",
    "Lisbon",
    "Seoul",
    "Dublin",
    "Denver",
    "Nairobi",
    "Oslo",
    "Lyon",
    "Perth",
]
ZH_CITIES = [
    "南京",
    "武汉",
    "西安",
    "青岛",
    "厦门",
    "长沙",
    "昆明",
    "大连",
    "苏州",
    "天津",
    "合肥",
    "贵阳",
]
EN_FOODS = [
    "sushi",
    "tacos",
    "ramen",
    "pho",
    "pizza",
    "falafel",
    "dim sum",
    "paella",
    "curry",
    "bagels",
]
ZH_FOODS = [
    "烤鸭",
    "小笼包",
    "酸菜鱼",
    "煎饼果子",
    "热干面",
    "肉夹馍",
    "螺蛳粉",
    "烧烤",
    "饺子",
    "凉皮",
]
EN_ALLERGENS = ["shellfish", "gluten", "soy", "sesame", "eggs", "latex", "dust mites", "pollen"]
ZH_ALLERGENS = ["海鲜", "麸质", "大豆", "鸡蛋", "尘螨", "花粉", "猫毛", "酒精"]
EN_TOOLS = [
    "VS Code",
    "IntelliJ",
    "Sublime Text",
    "Emacs",
    "Jira",
    "Notion",
    "Trello",
    "Slack",
    "Postman",
    "Docker Desktop",
]
EN_LANGS = ["Java", "TypeScript", "Kotlin", "Python", "C++", "Scala", "Ruby", "Elixir"]
EN_PROJECTS = ["Orion", "Beacon", "Nimbus", "Falcon", "Quartz", "Harbor", "Juniper", "Pioneer"]
ZH_PROJECTS = ["天枢", "北辰", "青鸟", "星河", "磐石", "鲲鹏", "灵犀", "启明"]
EN_PETS = ["a golden retriever", "two rabbits", "a parrot", "a corgi", "a hamster", "a turtle"]
ZH_PETS = ["一只柯基", "两只兔子", "一只鹦鹉", "一只金毛", "一只仓鼠", "一只乌龟"]
EN_HOBBIES = [
    "rock climbing",
    "chess",
    "baking sourdough",
    "birdwatching",
    "salsa dancing",
    "watercolor painting",
    "cycling",
    "fishing",
]
ZH_HOBBIES = ["攀岩", "下围棋", "烘焙", "观鸟", "跳舞", "练书法", "骑行", "钓鱼"]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
ZH_DAYS = ["周一", "周二", "周三", "周四", "周五"]

EN_TEMPLATES = [
    "{name}, the user's {rel}, is allergic to {allergen}.",
    "{name} moved to {city} last year for a new job.",
    "{name} loves {food} and recommends a place near the station.",
    "{name} uses {tool} for everyday work.",
    "{name} is leading the {project} migration from {lang} to Go.",
    "{name} has {pet} and walks it every evening.",
    "{name}'s birthday is on {month} {day}.",
    "{name} has been into {hobby} since college.",
    "The {project} team holds its retro every {weekday} afternoon.",
    "{name} asked for the {project} design document by the end of {month}.",
    "The {city} office closes early on {weekday}s in {month}.",
    "{name} is training for a half marathon in {city}.",
    "{name} prefers to be contacted by email rather than phone.",
    "{name}'s kid takes {hobby} lessons on {weekday}s.",
    "A reminder to return {name}'s charger was set in {month}.",
    "{name} recommended the book 'Designing Data-Intensive Applications'.",
    "The {project} service runs on {lang} 17 and MySQL 8.",
    "{name} is vegetarian and dislikes {food}.",
    "{name} visited {city} in {month} and liked the museums.",
    "{name} takes a statin-free diet plan recommended by a nutritionist.",
    "{name}'s flight to {city} was rebooked to {weekday}.",
    "The {project} on-call rotation is owned by {name}.",
    "{name} drives a grey Volkswagen and parks on level B1.",
    "{name} is learning Spanish with a tutor from {city}.",
    "{name} once recommended a dentist in {city}.",
]
ZH_TEMPLATES = [
    "{zname}是用户的{zrel}，对{zallergen}过敏。",
    "{zname}去年搬到了{zcity}工作。",
    "{zname}很爱吃{zfood}，推荐过一家老店。",
    "{zname}负责{zproject}项目的数据迁移。",
    "{zname}家里养了{zpet}。",
    "{zname}的生日是{zmonth}月{zday}日。",
    "{zname}从大学开始就喜欢{zhobby}。",
    "{zproject}项目组每{zweekday}下午开复盘会。",
    "{zname}要求{zmonth}月底前交{zproject}的设计文档。",
    "{zcity}分公司{zmonth}月的{zweekday}提前下班。",
    "{zname}在准备{zcity}的半程马拉松。",
    "{zname}更喜欢用邮件沟通，不太接电话。",
    "{zname}的孩子每{zweekday}上{zhobby}课。",
    "{zname}推荐过一部纪录片《河西走廊》。",
    "{zproject}服务用的是 Java 17 和 MySQL 8。",
    "{zname}吃素，不吃{zfood}。",
    "{zname}{zmonth}月去了{zcity}旅游，很喜欢那里的博物馆。",
    "{zname}的航班改到了{zweekday}飞{zcity}。",
    "{zproject}项目的值班由{zname}负责。",
    "{zname}开一辆灰色的大众，停在地下一层。",
    "{zname}在跟{zcity}的老师学西班牙语。",
    "{zname}介绍过{zcity}的一位牙医。",
    "{zname}正在装修新房子，预算二十万。",
    "{zname}周末经常去{zcity}看父母。",
    "{zname}说{zproject}的接口文档放在 Confluence 上。",
]


def _fill(rng: random.Random, template: str) -> str:
    return template.format(
        name=rng.choice(EN_NAMES),
        rel=rng.choice(EN_REL),
        city=rng.choice(EN_CITIES),
        food=rng.choice(EN_FOODS),
        allergen=rng.choice(EN_ALLERGENS),
        tool=rng.choice(EN_TOOLS),
        lang=rng.choice(EN_LANGS),
        project=rng.choice(EN_PROJECTS),
        pet=rng.choice(EN_PETS),
        hobby=rng.choice(EN_HOBBIES),
        month=rng.choice(MONTHS),
        day=rng.randint(1, 28),
        weekday=rng.choice(DAYS),
        zname=rng.choice(ZH_NAMES),
        zrel=rng.choice(ZH_REL),
        zcity=rng.choice(ZH_CITIES),
        zfood=rng.choice(ZH_FOODS),
        zallergen=rng.choice(ZH_ALLERGENS),
        zproject=rng.choice(ZH_PROJECTS),
        zpet=rng.choice(ZH_PETS),
        zhobby=rng.choice(ZH_HOBBIES),
        zmonth=rng.randint(1, 12),
        zday=rng.randint(1, 28),
        zweekday=rng.choice(ZH_DAYS),
    )


def generate(count: int = COUNT, seed: int = SEED) -> list[dict[str, str]]:
    """Return ``count`` distinct distractor memories, the same ones for the same seed."""
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[dict[str, str]] = []
    while len(out) < count:
        lang = "en" if rng.random() < 0.5 else "zh"
        template = rng.choice(EN_TEMPLATES if lang == "en" else ZH_TEMPLATES)
        text = _fill(rng, template)
        if text in seen:
            continue
        seen.add(text)
        out.append({"id": f"d{len(out):05d}", "text": text, "lang": lang, "kind": "distractor"})
    return out


if __name__ == "__main__":
    for row in generate():
        sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
