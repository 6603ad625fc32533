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
