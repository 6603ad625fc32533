"""A small bilingual lexicon of everyday concepts, for cross-language keyword evidence.

A memory written in Chinese and a turn written in English share no keyword ("When does
my car insurance expire?" / "车险是在人保买的，明年 2 月到期"), and the bundled embedders
cross languages poorly, so the keyword side learns the other language's words for the
concepts a personal memory is about: health, family, home, travel, money, work, food,
pets, time, hobbies, how to answer. Entries are general vocabulary by category, never
taken from one test sentence.

Each line is one concept: English words (lower case, matched after FTS5 stemming, so
"allergy"/"allergic"/"allergies" are one) ``|`` Chinese words (matched as the index's
character bigrams; a two-character word is exactly one bigram).
"""

from __future__ import annotations

import re

_CONCEPTS = """
allergy allergic allergies | 过敏
peanut peanuts | 花生
shrimp prawn crab shellfish seafood | 虾 蟹 海鲜
medicine medication medications pill pills drug drugs | 药物 吃药 服药
doctor physician | 医生 大夫
hospital clinic | 医院 诊所
dentist dental teeth tooth | 牙医 牙齿 洗牙
fever | 发烧 发热
seizure seizures | 惊厥 抽搐
asthma inhaler | 哮喘 喷雾
diabetes insulin | 糖尿 胰岛
hypertension | 血压
cholesterol statin lipid | 血脂 他汀
milk dairy lactose | 牛奶 乳糖 奶制
coffee caffeine | 咖啡
alcohol drink drinking beer wine | 喝酒 酒精 饮酒
sleep bed bedtime insomnia | 睡觉 睡眠 失眠
knee | 膝盖
backache | 腰痛 背痛
glasses lenses nearsighted | 眼镜 隐形 近视
vitamin | 维生素
eczema rash skin | 湿疹 皮疹 皮肤
penicillin amoxicillin antibiotic antibiotics | 青霉 阿莫 抗生
wife spouse | 妻子 老婆 太太 爱人
husband | 丈夫 老公
daughter | 女儿
son | 儿子
kid kids child children | 孩子 小孩 儿女
mother mom mum | 妈妈 母亲
father dad | 爸爸 父亲
parents | 父母 爸妈
sister | 姐姐 妹妹
brother | 哥哥 弟弟
nephew niece | 外甥 侄子
family | 家人 家里 全家
birthday | 生日
anniversary wedding | 纪念 结婚
home house apartment flat | 家里 房子
parking | 车位 停车
car vehicle drive driving | 开车 汽车 车子
insurance | 保险 车险
router wifi | 路由 网络
trip travel vacation holiday | 旅行 旅游 出行 度假
flight fly plane airline | 航班 飞机 坐飞
train railway | 高铁 火车
hotel | 酒店 宾馆
passport | 护照
visa | 签证
seat aisle window | 座位 过道 靠窗
hike hiking trek | 徒步 爬山
mortgage loan | 房贷 贷款
credit | 信用卡
tax taxes | 个税 税务 报税
budget spending | 预算 花费
bank | 银行
fund invest investment savings | 基金 定投 理财 存钱
salary | 工资 薪水
meeting meetings | 开会 会议
manager boss | 经理 领导 上司
colleague colleagues coworker teammate | 同事
intern | 实习
interview interviews candidate | 面试 候选
deploy deployment release | 部署 上线 发布
database | 数据 数据库
incident outage | 事故 故障
oncall pager alert alerts | 值班 告警
talk presentation | 分享 演讲
review | 评审 审核
project | 项目
weekend | 周末
monday | 周一 星期一
tuesday | 周二 星期二
wednesday | 周三 星期三
thursday | 周四 星期四
friday | 周五 星期五
saturday | 周六 星期六
sunday | 周日 星期日 星期天
morning | 早上 上午
afternoon | 下午
evening night tonight | 晚上 今晚
spicy chili | 辣
hotpot | 火锅
vegetarian pescatarian meat | 吃素 吃肉
fish | 鱼
cook cooking recipe dish dishes dinner lunch breakfast | 做饭 下厨 菜谱 晚饭 午饭 早饭
restaurant | 餐厅 饭店 馆子
snack snacks | 零食 小吃
cat | 猫
dog | 狗
vet veterinarian | 兽医
pet pets | 宠物
run running jog | 跑步
gym fitness workout exercise | 健身 锻炼 运动
piano | 钢琴
swim swimming | 游泳
guitar | 吉他
book books reading novel | 读书 看书 小说
movie movies film films cinema | 电影
game games | 游戏
photo photos camera | 照片 相机 拍照
school | 学校 上学 小学
language | 语言
chinese | 中文 汉语
english | 英文 英语
japanese | 日语 日文
answer answers reply response | 回答 回复 答复
emoji | 表情
short concise brief | 简洁 简短
"""


def _load() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    out = []
    for line in _CONCEPTS.strip().splitlines():
        en, _, zh = line.partition("|")
        out.append((tuple(en.split()), tuple(zh.split())))
    return out


#: (English words, Chinese words) per concept.
CONCEPTS = _load()


# --- topics: the words a later turn that needs a memory may use --------------------------
#
# A memory's words say what it is; a turn that needs it often says what the person is
# about to do: "what should I order tonight?" needs the peanut allergy, "can we meet
# Thursday at 4:30?" the school pick-up, "I'm away for ten days" the cat. Each line is a
# category of everyday memories: the words that put a memory in it (English ``|``
# Chinese) ``=>`` the words of the situations where it matters, in both languages (cue
# terms, ``rules/cues.py``). English triggers match whole words of the memory (a final
# ``*`` matches any ending, a plain word also its plural -s/-es); Chinese ones any
# substring; a clock time also puts a memory in ``schedule`` (``rules/cues.py``). At most
# three categories per memory, those with most triggers. Written by category from
# general knowledge of what people store, never from one test sentence.
_TOPICS = """
allergy: allerg* intoleran* anaphyla* epipen hives | 过敏 不耐受 荨麻疹 发痒
    => allergy avoid ingredient reaction safe | 过敏 忌口 成分 安全
food: food diet peanut shrimp crab shellfish seafood milk dairy lactose meat fish vegetarian
    vegan pescatarian spicy cilantro mango eat eats restaurant dish cuisine | 花生 虾 蟹 海鲜
    牛奶 乳糖 吃素 吃肉 吃辣 不吃 爱吃 能吃 香菜 芒果 饮食 馆子 川菜 餐厅
    => food meal dish order menu restaurant recipe cook dinner lunch breakfast snack | 饮食
    吃饭 点菜 餐厅 菜谱 做饭 晚饭 午饭 早饭 零食 聚餐
drink: coffee tea alcohol beer wine drink drinks oolong latte caffeine | 咖啡 茶 酒 喝 可乐
    => drink beverage bar party | 饮料 喝点 聚餐 酒吧
medication: medication* medicine* pill pills tablet* mg mcg dose insulin inhaler
    prescri* vitamin* supplement* | 药 胰岛素 喷雾 维生素 一粒
    => medicine medication pill dose pharmacy prescription | 吃药 药物 用药 药店 服药
pain: ibuprofen paracetamol acetaminophen aspirin painkiller* pain ache ulcer | 布洛芬 止痛
    疼 痛 胃溃疡
    => pain painkiller headache ache | 止痛 头疼 头痛 疼痛 止疼
condition: disease diabetes asthma pressure seizure* fever eczema injur* tore surgery chronic
    diagnos* | 病 糖尿 哮喘 血压 湿疹 惊厥 发烧 受伤 手术
    => health doctor symptom condition | 健康 身体 医生 症状 看病
injury: knee meniscus back injur* sprain* tore | 膝盖 半月板 腰 受伤 扭伤
    => exercise workout sport training run hike | 运动 锻炼 训练 跑步 爬山
sleep: sleep* bed bedtime insomnia melatonin nap | 睡 失眠 熬夜
    => sleep night tired rest | 睡觉 休息 熬夜 犯困
children: daughter son kid kids child children school class nursery kindergarten | 女儿 儿子
    孩子 小孩 上学 小学 幼儿园 托班 学校
    => kid kids child family school | 孩子 小孩 家人 接送 带娃
birthday: birthday birthdays anniversary born | 生日 纪念日 出生
    => birthday gift present celebrate party surprise | 生日 礼物 庆祝 蛋糕 惊喜
pet: cat cats dog dogs pet pets vet kitten puppy aquarium guppy guppies | 猫 狗 宠物 兽医 鱼缸
    孔雀鱼
    => pet animal animals feed vet | 宠物 动物 喂食 兽医 照顾
schedule: monday* tuesday* wednesday* thursday* friday* saturday* sunday* weekday* weekly
    | 周一 周二 周三 周四 周五 周六 周日 星期 每周 每晚
    => schedule calendar busy available meeting appointment call | 日程 时间 安排 开会 会议
    有空 约会
travel: trip travel* flight* fly flying hotel* passport visa airline* miles train seat aisle |
    旅行 旅游 出行 航班 飞机 酒店 护照 签证 高铁 火车 座位 出差
    => travel trip flight booking vacation transport | 旅行 出行 出差 订票 交通 行程 度假
car: car cars drive drives driving parking vehicle | 车 开车 车位 停车 车险 驾照
    => car drive driving parking | 开车 汽车 停车 自驾
finance: money invest* fund funds stock* saving* salary bonus tax mortgage loan budget bank
    credit insurance | 钱 理财 基金 定投 投资 股票 存款 工资 奖金 个税 房贷 贷款 预算 银行
    信用卡 保险 车险
    => money finance invest saving budget bonus | 理财 投资 存钱 财务 预算 奖金
work: project service repo repository deploy* team code deadline sprint oncall standup
    engineer job | 项目 部署 上线 团队 代码 值班 轮值 工作
    => work project team code job | 工作 项目 团队 代码 上班
machine: laptop computer macbook ram gpu desktop | 电脑 笔记本 内存 显卡
    => computer machine laptop hardware local | 电脑 本地 配置 机器
cloud: aws gcp azure cloud region server* vm | 云 服务器
    => cloud server vm host region | 云上 服务器 主机 部署
git: git commit commits branch merge | 提交 分支
    => commit git message review | 提交 代码
notes: notes note obsidian notion notebook | 笔记
    => notes note document | 笔记 记录 文档 纪要
home: home apartment house lives district flat | 家里 住在 小区 楼
    => home address nearby | 家里 附近 住址
office: office commute wfh | 办公室 上班 通勤 地铁
    => office commute work | 办公室 上班 通勤 公司
exercise: run running gym swim swimming hike hiking yoga fitness workout | 跑步 健身 游泳 徒步
    爬山 瑜伽
    => exercise workout sport fitness training | 运动 锻炼 健身 训练
writing: email emails tone message messages slack feishu | 邮件 消息 语气
    => email message write draft reply | 邮件 写信 回复 消息
colleague: colleague* manager boss designer teammate* coworker* | 同事 经理 设计师 领导
    => colleague team coworker work | 同事 团队 工作
"""


def _load_topics() -> list[tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    out = []
    for entry in re.split(r"\n(?=\w+:)", _TOPICS.strip()):
        name, _, body = entry.partition(":")
        triggers, _, cues = body.partition("=>")
        en, _, zh = triggers.partition("|")
        cue_en, _, cue_zh = cues.partition("|")
        out.append((name.strip(), tuple(en.split()), tuple(zh.split()),
                    (*cue_en.split(), *cue_zh.split())))
    return out


#: (category, English triggers, Chinese triggers, cue words in both languages).
TOPICS = _load_topics()
