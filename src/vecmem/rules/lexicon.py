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
epipen epinephrine adrenaline | 肾上腺素
antihistamine antihistamines | 抗组胺
metformin | 二甲双胍
paracetamol acetaminophen | 对乙酰氨基酚 扑热息痛
ibuprofen | 布洛芬
melatonin | 褪黑素
migraine migraines | 偏头痛
anemia anaemia | 贫血
thyroid | 甲状腺
vaccine vaccines vaccination | 疫苗
pregnant pregnancy | 怀孕 孕期
coeliac celiac gluten | 乳糜泻 麸质
nut nuts | 坚果
cashew cashews | 腰果
pistachio pistachios | 开心果
fruit fruits | 水果
vegetable vegetables | 蔬菜
dessert desserts sweets | 甜点 甜食
sushi | 寿司
massage | 按摩
smog pollution | 雾霾 污染
picnic | 野餐
bee bees | 蜜蜂
spine disc | 腰椎 椎间盘
furniture | 家具
boss | 老板
company | 公司
commute | 通勤
hometown | 老家 家乡
rent lease | 房租 租金 租约
tuition | 学费
ticket tickets | 机票 车票 门票
miles mileage | 里程
luggage suitcase | 行李
phone | 手机
keyboard | 键盘
editor | 编辑器
terminal | 终端
notes | 笔记
designer | 设计师
feedback | 反馈
gift gifts present | 礼物
surprise | 惊喜
carsick | 晕车
kindergarten nursery daycare | 幼儿园 托班
grandma grandmother | 奶奶 外婆 姥姥
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
# ``*`` matches any ending, a plain word also its plural -s/-es; ``_`` joins the words of
# a phrase: ``work_from_home``); Chinese ones any
# substring; a clock time also puts a memory in ``schedule`` (``rules/cues.py``). At most
# three categories per memory, those with most triggers. Written by category from
# general knowledge of what people store, never from one test sentence.
_TOPICS = """
allergy: allerg* intoleran* anaphyla* epipen epinephrine adrenaline hives antihistamine*
    reaction | 过敏 不耐受 荨麻疹 发痒 肾上腺素
    => allergy avoid ingredient reaction safe | 过敏 忌口 成分 安全
food: food diet peanut shrimp crab shellfish seafood milk dairy lactose meat fish vegetarian
    vegan pescatarian spicy cilantro mango eat eats restaurant dish cuisine nut nuts cashew*
    pistachio* almond* walnut* hazelnut* gluten coeliac celiac wheat fruit egg eggs beef pork
    sugar dessert* sweets | 花生 虾 蟹 海鲜 牛奶 乳糖 吃素 吃肉 吃辣 不吃 爱吃 能吃 香菜 芒果
    饮食 馆子 川菜 餐厅 坚果 腰果 开心果 杏仁 核桃 麸质 乳糜泻 水果 鸡蛋 牛肉 猪肉 控糖 甜点
    甜食 蔬菜
    => food meal dish order menu restaurant recipe cook dinner lunch breakfast snack bake
    baking cake cookie grocery potluck picnic takeout | 饮食 吃饭 点菜 餐厅 菜谱 做饭 晚饭
    午饭 早饭 零食 聚餐 烘焙 蛋糕 买菜 外卖 野餐 聚会
drink: coffee tea alcohol beer wine drink drinks oolong latte caffeine | 咖啡 茶 酒 喝 可乐 拿铁
    => drink beverage bar party | 饮料 喝点 聚餐 酒吧 聚会
medication: medication* medicine* pill pills tablet* mg mcg dose insulin inhaler
    prescri* vitamin* supplement* antibiotic* | 药 胰岛素 喷雾 维生素 一粒 抗生素
    => medicine medication pill dose pharmacy prescription | 吃药 药物 用药 药店 服药
pain: ibuprofen paracetamol acetaminophen aspirin painkiller* pain ache ulcer migraine*
    headache* | 布洛芬 止痛 疼 痛 胃溃疡 偏头痛
    => pain painkiller headache ache | 止痛 头疼 头痛 疼痛 止疼
condition: disease diabetes asthma pressure seizure* fever eczema injur* tore surgery chronic
    diagnos* anaemia anemia deficien* cholesterol thyroid | 病 糖尿 哮喘 血压 湿疹 惊厥 发烧
    受伤 手术 贫血 缺铁 血脂 甲状腺
    => health doctor symptom condition tired dizzy sick | 健康 身体 医生 症状 看病 头晕 不舒服
breathing: asthma asthmatic inhaler wheez* bronch* copd | 哮喘 喷雾 支气管
    => breathing air smog pollution exercise run running sport outdoor | 空气 雾霾 运动 跑步
    锻炼 户外
pregnancy: pregnan* expecting maternity prenatal trimester | 怀孕 孕期 孕妇 产检 预产期 产假
    => pregnancy pregnant safe food diet medicine drink alcohol travel flight massage spa
    exercise | 孕期 怀孕 安全 饮食 用药 按摩 温泉 出行
injury: knee meniscus back injur* sprain* tore disc herniat* spine spinal hip hips joint
    joints dysplasia arthritis fracture* | 膝盖 半月板 腰椎 腰间盘 椎间盘 腰疼 腰痛 腰伤 闪腰
    受伤 扭伤 关节 骨折
    => exercise workout sport training run hike lift lifting carry heavy moving walk | 运动
    锻炼 训练 跑步 爬山 搬家 搬东西 提重物 散步
sleep: sleep* bed bedtime insomnia melatonin nap | 睡 失眠 熬夜
    => sleep night tired rest | 睡觉 休息 熬夜 犯困
children: daughter son kid kids child children school class nursery kindergarten baby babies
    toddler grade | 女儿 儿子 孩子 小孩 上学 小学 幼儿园 托班 学校 宝宝 年级
    => kid kids child family school class homework | 孩子 小孩 家人 接送 带娃 作业 家长会
birthday: birthday birthdays anniversary born | 生日 纪念日 出生 忌日
    => birthday gift present celebrate party surprise | 生日 礼物 庆祝 蛋糕 惊喜
pet: cat cats dog dogs pet pets vet kitten puppy aquarium guppy guppies | 猫 狗 宠物 兽医 鱼缸
    孔雀鱼
    => pet animal animals feed vet | 宠物 动物 喂食 兽医 照顾
schedule: monday* tuesday* wednesday* thursday* friday* saturday* sunday* weekday* weekly
    | 周一 周二 周三 周四 周五 周六 周日 星期 每周 每晚
    => schedule calendar busy available meeting appointment call | 日程 时间 安排 开会 会议
    有空 约会
travel: trip travel* flight* fly flying hotel* passport visa airline* miles train seat aisle
    abroad overseas luggage suitcase vacation* holiday* | 旅行 旅游 出行 航班 飞机 酒店 护照
    签证 高铁 火车 座位 出差 出国 行李 度假 机票 航空 里程 登机
    => travel trip flight booking vacation transport hotel packing abroad | 旅行 出行 出差
    订票 交通 行程 度假 酒店 行李 出国
car: car cars drive drives driving parking vehicle | 车 开车 车位 停车 车险 驾照
    => car drive driving parking | 开车 汽车 停车 自驾
finance: money invest* fund funds stock* saving* salary bonus tax mortgage loan budget bank
    credit insurance rent lease fee fees tuition | 钱 理财 基金 定投 投资 股票 存款 工资 奖金
    个税 房贷 贷款 预算 银行 信用卡 保险 车险 房租 租金 学费
    => money finance invest saving budget bonus pay payment bill | 理财 投资 存钱 财务 预算
    奖金 付款 缴费 账单
work: project service repo repository deploy* team code deadline sprint oncall standup
    engineer job company employer career scientist analyst developer promot* award | 项目 部署
    上线 团队 代码 值班 轮值 工作 公司 职位 升职 工程师 科学家 分析师
    => work project team code job company career | 工作 项目 团队 代码 上班 公司 职业
devtools: python golang rust sql editor vim neovim emacs vscode ide terminal shell zsh tmux
    lint linter ruff conda uv pip keyboard shortcut* plot plots plotly matplotlib chart*
    indent* | 编辑器 终端 快捷键 格式化 代码风格 缩进 画图 图表 虚拟环境
    => code script tooling setup config editor chart plot | 代码 脚本 配置 工具 环境 图表 画图
machine: laptop computer macbook ram gpu desktop phone iphone android ipad monitor | 电脑
    笔记本 内存 显卡 手机 平板 显示器
    => computer machine laptop hardware local device phone | 电脑 本地 配置 机器 手机 设备
smarthome: raspberry homekit automation automate* thermostat router wifi nas zigbee smart
    light lights | 智能家居 路由 网络 树莓派 智能
    => automation lights network device wifi smart | 智能 网络 设备 自动化 灯光
cloud: aws gcp azure cloud region server* vm | 云 服务器
    => cloud server vm host region | 云上 服务器 主机 部署
git: git commit commits branch merge | 提交 分支
    => commit git message review | 提交 代码
notes: notes note obsidian notion notebook | 笔记
    => notes note document | 笔记 记录 文档 纪要
home: home apartment house lives district flat condo landlord neighbo* rental | 家里 住在
    小区 楼 房东 公寓 租房
    => home address nearby neighborhood | 家里 附近 住址 周边
office: office commute wfh desk remote work_from_home | 办公室 上班 通勤 地铁 在家办公
    办公桌 远程 坐班
    => office commute work desk company | 办公室 上班 通勤 公司 坐班
exercise: run running gym swim swimming hike hiking yoga fitness workout | 跑步 健身 游泳 徒步
    爬山 瑜伽
    => exercise workout sport fitness training | 运动 锻炼 健身 训练
outdoors: picnic park garden camping beach outdoor* sunscreen sunburn pollen bee bees wasp*
    sting stings insect* mosquito* | 野餐 公园 露营 海边 户外 防晒 花粉 蜜蜂 蜂 蚊子
    => outdoor picnic hike park camping beach garden trip | 户外 野餐 爬山 公园 露营 海边 郊游
writing: email emails tone message messages slack feishu | 邮件 消息 语气
    => email message write draft reply | 邮件 写信 回复 消息
colleague: colleague* manager boss designer teammate* coworker* in_charge | 同事 经理 设计师
    领导 老板 负责 主管
    => colleague team coworker work contact ask ping | 同事 团队 工作 老板 联系 找谁 请教
healthcare: doctor dentist dental hospital clinic physician checkup physical | 医生 医院 牙医
    诊所 体检 洗牙
    => doctor dentist hospital appointment checkup clinic | 医生 医院 看病 挂号 体检 预约 牙医
language: speak speaks mandarin cantonese translat* | 普通话 粤语 英语 中文 日语 翻译
    => language translate speak talk | 语言 翻译 沟通 说话
leisure: book books novel novels fiction read reading author movie movies film films cinema
    music song songs drama game games camera photo photos guitar piano | 小说 读书 看书 电影
    音乐 游戏 科幻 相机 吉他 钢琴
    => book novel read movie film music show game hobby | 读书 看书 小说 电影 音乐 游戏 爱好
family: wife husband spouse brother sister mother mom mum father dad parents grandma grandpa
    grandmother grandfather aunt uncle cousin relative* | 妻子 老婆 太太 丈夫 老公 爸爸 妈妈
    父亲 母亲 父母 爸妈 哥哥 弟弟 姐姐 妹妹 岳母 岳父 婆婆 公公 爷爷 奶奶 外公 外婆 亲戚
    => family relative parents visit gift | 家人 亲戚 家里 父母 回家
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
