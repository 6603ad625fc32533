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
seasick seasickness | 晕船
airsick | 晕机
boat ferry cruise ship sailing | 坐船 轮渡 游轮 出海
coach bus | 大巴 巴士 公交
heights vertigo | 恐高 高处
claustrophobia claustrophobic | 幽闭
cave caves | 溶洞 山洞
elevator lift | 电梯
tunnel | 隧道
blood transfusion | 血型 输血 血液
donate donation donor | 献血 捐献
emergency | 紧急 急诊
ambulance | 救护车
hearing deaf | 听力 耳聋
ear ears | 耳朵
noise noisy loud | 吵闹 噪音 嘈杂
quiet | 安静
wheelchair | 轮椅
accessible accessibility | 无障碍
stroke | 中风
latex | 乳胶
glove gloves | 手套
horse horses riding | 骑马 马术
farm | 农场
halal | 清真
muslim | 穆斯林 回族
ramadan fasting | 斋月 封斋
mosque | 清真寺
church | 教堂
temple | 寺庙
pork | 猪肉
barbecue bbq | 烧烤
size sizes | 尺码
shoe shoes sneakers boots | 鞋子 跑鞋 靴子
clothes clothing outfit | 衣服 服装
coat jacket | 外套 夹克
shirt shirts | 衬衫
dress | 裙子
perfume fragrance scent | 香水 香味 香薰
candle candles | 蜡烛
flower flowers bouquet | 鲜花 花束
lily lilies | 百合
plant plants houseplant | 植物 盆栽
balcony | 阳台
tomato tomatoes | 番茄 西红柿
landlord | 房东
tenancy rental | 租房 租约
washer laundry | 洗衣机 洗衣
fridge refrigerator | 冰箱
dishwasher | 洗碗机
heater heating | 暖气 热水器
warranty | 保修
repair broken | 维修 坏了
internet broadband | 宽带 上网 断网
tyre tyres tire tires | 轮胎
servicing maintenance | 保养
licence license | 驾照 执照
toyota | 丰田
honda | 本田
tesla | 特斯拉
retirement pension superannuation | 养老金 退休金 退休
tax return | 报税 退税
crochet knitting knit yarn wool | 钩针 编织 毛线
sewing | 缝纫
fishing bait | 钓鱼 鱼饵 鱼竿
badminton | 羽毛球
tennis | 网球
football soccer | 足球
basketball | 篮球
match sport sports | 比赛 体育 球赛
volunteer volunteering | 志愿者 义工
parrot bird birds | 鹦鹉 小鸟
rabbit rabbits bunny | 兔子
hamster | 仓鼠
tortoise turtle | 乌龟
anxiety anxious | 焦虑
depression depressed | 抑郁
therapist therapy counselling | 心理医生 心理咨询
diet weight calories | 减肥 体重 热量
documents paperwork | 证件 材料
subscription membership | 订阅 会员
bike bicycle cycling | 自行车 骑车
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
# ``*`` matches any ending, a leading ``*`` any beginning of at least two letters — the
# stems of drug names, ``*statin``, ``*cillin`` —, a plain word also its plural -s/-es;
# ``_`` joins the words of a phrase: ``work_from_home``); Chinese ones any
# substring; a clock time also puts a memory in ``schedule`` (``rules/cues.py``). At most
# three categories per memory, those with most triggers. Written by category from
# general knowledge of what people store, never from one test sentence.
_TOPICS = """
allergy: allerg* intoleran* anaphyla* epipen epinephrine adrenaline hives antihistamine* reaction
    sneez* itchy rash swelling hay_fever | 过敏 不耐受 荨麻疹 发痒 肾上腺素 打喷嚏 流鼻涕 流眼泪
    红肿 花粉症
    => allergy avoid ingredient reaction safe | 过敏 忌口 成分 安全
food: food diet peanut shrimp crab shellfish seafood milk dairy lactose meat fish vegetarian vegan
    pescatarian spicy cilantro mango eat eats restaurant dish cuisine nut nuts cashew* pistachio*
    almond* walnut* hazelnut* gluten coeliac celiac wheat fruit egg eggs beef pork sugar dessert*
    sweets halal kosher pork barbecue bbq grill potluck calories keto low_carb chicken salad pizza
    pasta bread cheese soup noodle* rice curry sandwich* burger* steak sauce* oats oatmeal cereal
    brunch grapefruit citrus sodium salt salty | 清真 烧烤 花生 虾 蟹 海鲜 牛奶 乳糖 吃素 吃肉 吃辣
    不吃 爱吃 能吃 香菜 芒果 饮食 馆子 川菜 餐厅 坚果 腰果 开心果 杏仁 核桃 麸质 乳糜泻 水果 鸡蛋
    牛肉 猪肉 控糖 甜点 甜食 蔬菜 减肥 热量 低碳 生酮 节食 沙拉 披萨 面包 奶酪 芝士 面条 米饭 咖喱
    牛排 酱油 燕麦 早茶 点心 菜馆 卤味 烤鱼 西柚 柚子 盐 钠
    => food meal dish order menu restaurant recipe cook dinner lunch breakfast snack bake baking
    cake cookie grocery potluck picnic takeout barbecue bbq | 饮食 吃饭 点菜 餐厅 菜谱 做饭 晚饭
    午饭 早饭 零食 聚餐 烘焙 蛋糕 买菜 外卖 野餐 聚会
drink: coffee tea alcohol beer wine drink drinks oolong latte caffeine | 咖啡 茶 酒 喝 可乐 拿铁
    => drink beverage bar party | 饮料 喝点 聚餐 酒吧 聚会
medication: medication* medicine* pill pills tablet* mg mcg dose insulin inhaler prescri* vitamin*
    supplement* antibiotic* *cillin *cycline *mycin *floxacin *pril *sartan *olol *dipine *statin
    *prazole *oxetine *azepam *formin *thyroxine *farin *xaban *gliptin *triptan *lukast *purinol
    *thiazide *semide *setron pharmacist pharmacy herbal tonic | 药 胰岛素 喷雾 维生素 一粒 一片
    空腹 抗生素 中药 草药 保健品 药店 药剂师
    => medicine medication pill dose pharmacy prescription | 吃药 药物 用药 药店 服药
pain: ibuprofen paracetamol acetaminophen aspirin painkiller* pain ache ulcer migraine* headache* |
    布洛芬 止痛 疼 痛 胃溃疡 偏头痛
    => pain painkiller headache ache | 止痛 头疼 头痛 疼痛 止疼
condition: disease diabetes asthma pressure seizure* fever eczema injur* tore surgery chronic
    diagnos* anaemia anemia deficien* cholesterol thyroid dementia alzheimer* parkinson* cancer
    chemo* heart cardiac pacemaker arrhythmia gout | 病 糖尿 哮喘 血压 湿疹 惊厥 发烧 受伤 手术 贫血
    缺铁 血脂 甲状腺 痴呆 阿尔茨海默 帕金森 癌 化疗 心脏 起搏器 心律 痛风 肾病 肝病
    => health doctor symptom condition tired dizzy sick | 健康 身体 医生 症状 看病 头晕 不舒服
breathing: asthma asthmatic inhaler wheez* bronch* copd | 哮喘 喷雾 支气管
    => breathing air smog pollution exercise run running sport outdoor | 空气 雾霾 运动 跑步 锻炼
    户外
pregnancy: pregnan* expecting maternity prenatal trimester | 怀孕 孕期 孕妇 产检 预产期 产假
    => pregnancy pregnant safe food diet medicine drink alcohol travel flight massage spa exercise |
    孕期 怀孕 安全 饮食 用药 按摩 温泉 出行
injury: knee meniscus back injur* sprain* tore disc herniat* spine spinal hip hips joint joints
    dysplasia arthritis fracture* | 膝盖 半月板 腰椎 腰间盘 椎间盘 腰疼 腰痛 腰伤 闪腰 受伤 扭伤
    关节 骨折
    => exercise workout sport training run hike lift lifting carry heavy moving walk | 运动 锻炼
    训练 跑步 爬山 搬家 搬东西 提重物 散步
sleep: sleep* bed bedtime insomnia melatonin nap night_owl early_bird | 睡 失眠 熬夜 夜猫子
    => sleep night tired rest | 睡觉 休息 熬夜 犯困
children: daughter son kid kids child children school class nursery kindergarten baby babies toddler
    grade | 女儿 儿子 孩子 小孩 上学 小学 幼儿园 托班 学校 宝宝 年级
    => kid kids child family school class homework | 孩子 小孩 家人 接送 带娃 作业 家长会
birthday: birthday birthdays anniversary born | 生日 纪念日 出生 忌日
    => birthday gift present celebrate party surprise | 生日 礼物 庆祝 蛋糕 惊喜
pet: cat cats dog dogs pet pets vet kitten puppy aquarium guppy guppies parrot* bird birds budgie*
    hamster* rabbit* bunny tortoise* turtle* lizard* greyhound* whippet* labrador* retriever*
    poodle* terrier* beagle* spaniel* collie* dachshund* husky huskies schnauzer* corgi* pug pugs
    bulldog* chihuahua* leash off_the_lead on_a_lead kibble | 猫 狗 狗粮 猫粮 宠物 兽医 鱼缸 孔雀鱼
    鹦鹉 鸟 兔子 仓鼠 乌龟 柯基 金毛 泰迪 柴犬 哈士奇 边牧 拉布拉多 牵绳 狗绳
    => pet animal animals feed vet park walk sitter | 宠物 动物 喂食 兽医 照顾 遛狗 寄养
schedule: monday* tuesday* wednesday* thursday* friday* saturday* sunday* weekday* weekly shift
    shifts roster rota | 周一 周二 周三 周四 周五 周六 周日 星期 每周 每晚 倒班 夜班 轮班 排班
    => schedule calendar busy available meeting appointment call | 日程 时间 安排 开会 会议 有空
    约会
travel: trip travel* flight* fly flying hotel* passport visa airline* miles train seat aisle abroad
    overseas luggage suitcase vacation* holiday* | 旅行 旅游 出行 航班 飞机 酒店 护照 签证 高铁 火车
    座位 出差 出国 行李 度假 机票 航空 里程 登机 frequent_flyer
    => travel trip flight booking vacation transport hotel packing abroad airline documents | 旅行
    出行 出差 订票 交通 行程 度假 酒店 行李 出国 航空 证件
car: car cars drive drives driving parking vehicle tyre* tire tires servicing mileage odometer
    licence license toyota honda tesla hybrid | 车 开车 车位 停车 车险 驾照 轮胎 保养 丰田 本田
    特斯拉 混动
    => car drive driving parking tyre repair licence | 开车 汽车 停车 自驾 保养 维修 轮胎 驾照
finance: money invest* fund funds stock* saving* salary bonus tax mortgage loan budget bank credit
    insurance rent lease fee fees tuition retirement pension superannuation | 钱 理财 基金 定投 投资
    股票 存款 工资 奖金 个税 房贷 贷款 预算 银行 信用卡 保险 车险 房租 租金 学费 养老金 退休 报税
    => money finance invest saving budget bonus pay payment bill | 理财 投资 存钱 财务 预算 奖金
    付款 缴费 账单
work: project service repo repository deploy* team code deadline sprint oncall standup engineer job
    company employer career scientist analyst developer promot* award at_work annual_leave
    leave_request job_title | 项目 部署 上线 团队 代码 值班 轮值 工作 公司 职位 升职
    工程师 科学家 分析师 请假 年假 职称
    => work project team code job company career | 工作 项目 团队 代码 上班 公司 职业
devtools: python golang rust sql editor vim neovim emacs vscode ide terminal shell zsh tmux lint
    linter ruff conda uv pip keyboard shortcut* plot plots plotly matplotlib chart* indent* | 编辑器
    终端 快捷键 格式化 代码风格 缩进 画图 图表 虚拟环境
    => code script tooling setup config editor chart plot | 代码 脚本 配置 工具 环境 图表 画图
machine: laptop computer macbook ram gpu desktop phone iphone android ipad monitor | 电脑 笔记本
    内存 显卡 手机 平板 显示器
    => computer machine laptop hardware local device phone | 电脑 本地 配置 机器 手机 设备
smarthome: raspberry homekit automation automate* thermostat router wifi nas zigbee smart light
    lights | 智能家居 路由 网络 树莓派 智能
    => automation lights network device wifi smart | 智能 网络 设备 自动化 灯光
cloud: aws gcp azure cloud region server* vm | 云 服务器
    => cloud server vm host region | 云上 服务器 主机 部署
git: git commit commits branch merge | 提交 分支
    => commit git message review | 提交 代码
notes: notes note obsidian notion notebook | 笔记
    => notes note document | 笔记 记录 文档 纪要
home: home apartment house lives district flat condo landlord neighbo* rental appliance* washer
    fridge refrigerator dishwasher dryer heater boiler warranty elevator washing_machine | 家里 住在
    小区 楼 房东 公寓 租房 洗衣机 冰箱 洗碗机 烘干机 热水器 空调 家电 保修 电梯
    => home address nearby neighborhood repair broken landlord moving furniture | 家里 附近 住址
    周边 维修 坏了 房东 搬家 家具
office: office commute wfh desk remote work_from_home | 办公室 上班 通勤 地铁 在家办公 办公桌 远程
    坐班
    => office commute work desk company | 办公室 上班 通勤 公司 坐班
exercise: run running gym swim swimming hike hiking yoga fitness workout cycling bike bikes bicycle*
    pilates climbing | 跑步 健身 游泳 徒步 爬山 瑜伽 骑车 自行车 普拉提 攀岩
    => exercise workout sport fitness training | 运动 锻炼 健身 训练
outdoors: picnic park garden camping beach outdoor* sunscreen sunburn pollen bee bees wasp* sting
    stings insect* mosquito* sun sunlight fishing angling bait pier | 野餐 公园 露营 海边 户外 防晒
    花粉 蜜蜂 蜂 蚊子 晒 太阳 紫外线 钓鱼 海钓
    => outdoor picnic hike park camping beach garden trip sun fishing | 户外 野餐 爬山 公园 露营
    海边 郊游 晒太阳 钓鱼
writing: email emails tone message messages slack feishu | 邮件 消息 语气
    => email message write draft reply | 邮件 写信 回复 消息
colleague: colleague* manager boss designer teammate* coworker* in_charge | 同事 经理 设计师 领导
    老板 负责 主管
    => colleague team coworker work contact ask ping | 同事 团队 工作 老板 联系 找谁 请教
healthcare: doctor dentist dental hospital clinic physician checkup physical gp tooth teeth
    toothache | 医生 医院 牙医 诊所 体检 洗牙 牙疼 牙齿
    => doctor dentist hospital appointment checkup clinic | 医生 医院 看病 挂号 体检 预约 牙医
language: speak speaks mandarin cantonese translat* | 普通话 粤语 英语 中文 日语 翻译
    => language translate speak talk | 语言 翻译 沟通 说话
leisure: book books novel novels fiction read reading author movie movies film films cinema music
    song songs drama game games camera photo photos guitar piano | 小说 读书 看书 电影 音乐 游戏
    科幻 相机 吉他 钢琴
    => book novel read movie film music show game hobby | 读书 看书 小说 电影 音乐 游戏 爱好
family: wife husband spouse brother sister mother mom mum father dad parents grandma grandpa
    grandmother grandfather aunt uncle cousin relative* | 妻子 老婆 太太 丈夫 老公 爸爸 妈妈 父亲
    母亲 父母 爸妈 哥哥 弟弟 姐姐 妹妹 岳母 岳父 婆婆 公公 爷爷 奶奶 外公 外婆 亲戚
    => family relative parents visit gift | 家人 亲戚 家里 父母 回家
motion: seasick* carsick* airsick* motion_sickness travel_sickness nausea | 晕船 晕车 晕机 晕动 想吐
    => boat ferry cruise ship sailing coach bus ride trip flight | 坐船 轮渡 游轮 出海 大巴 坐车
    长途 乘车
heights: heights vertigo acrophob* | 恐高 高处
    => height tower deck observation bridge cliff climbing rooftop balcony cable skydiving | 高空
    高楼 观景台 栈道 索道 悬崖 攀岩 蹦极 爬山
enclosed: claustrophob* enclosed confined | 幽闭 密闭
    => cave lift elevator tunnel escape mri crowded | 溶洞 山洞 电梯 隧道 密室 核磁
emergency: emergency blood_type transfusion* donor next_of_kin rh | 紧急联系人 紧急 血型 输血 献血
    => emergency hospital accident ambulance surgery blood donate transfusion | 急诊 医院 意外 手术
    献血 输血 出事
vision: glasses lenses optical optometrist eyesight nearsighted shortsighted colour_blind
    color_blind | 眼镜 隐形 近视 视力 散光 色盲
    => eyes glasses swim swimming snorkel diving pool screen optical | 眼镜 游泳 潜水 视力 验光
hearing: hearing deaf ear ears hearing_aid tinnitus | 听力 耳朵 耳聋 助听器 耳鸣 左耳 右耳
    => noise noisy loud quiet call phone hear concert bar | 吵闹 安静 电话 噪音 嘈杂 音乐会
access: wheelchair* mobility walker crutch* disabled disability accessible accessibility step_free
    stroke rollator fall_risk | 轮椅 无障碍 残疾 拐杖 行动不便 中风 助行器 摔倒 跌倒 行动不便
    => access accessible wheelchair restaurant venue hotel outing stairs lift | 无障碍 轮椅 台阶
    电梯 餐厅 出行
animals: horse* riding farm zoo livestock | 骑马 马术 马场 农场 动物园
    => animal animals farm ride riding zoo | 动物 农场 骑马 动物园
faith: ramadan fasting mosque church temple sabbath muslim christian jewish buddhist hindu prayer |
    斋月 封斋 清真寺 教堂 寺庙 回族 穆斯林 基督 佛教 礼拜
    => food meal lunch dinner schedule meeting event holiday | 饮食 午饭 聚餐 安排 节日 活动
clothing: clothes clothing shoe shoes sneakers boots shirt* dress* jacket* coat* jeans trousers |
    衣服 鞋 鞋子 尺码 外套 裤子 裙子 衬衫
    => clothes clothing shoes size buy shopping gift outfit | 衣服 鞋子 尺码 购物 礼物 外套
scent: perfume* fragrance* scent* candle* incense cologne | 香水 香味 香薰 香氛 蜡烛
    => perfume fragrance scent candle gift cosmetics | 香水 香味 香薰 礼物 化妆品
plants: plant plants flower flowers lily lilies orchid* houseplant* gardening balcony herb herbs
    tomato tomatoes seedling* | 植物 鲜花 花束 百合 盆栽 浇水 阳台 种花 种菜 番茄 薄荷
    => plant plants flower flowers garden watering bouquet | 植物 鲜花 花束 浇水 养花
crafts: crochet knit* yarn wool sewing embroidery quilt* | 钩针 编织 毛线 十字绣 缝纫
    => craft yarn wool knitting crochet sewing handmade gift | 手工 毛线 编织 礼物
sports: football soccer basketball baseball cricket rugby afl nba nfl tennis badminton league | 足球
    篮球 网球 羽毛球 乒乓 比赛 球队 球迷
    => sport sports game match watch team ticket | 体育 比赛 看球 球赛 门票
mind: anxiety anxious depress* therapist therapy counsel* adhd panic | 焦虑 抑郁 心理医生 心理咨询
    多动症 惊恐
    => stress calm mental therapy rest | 压力 心理 情绪 放松
smoking: smoke smokes smoking smoker cigarette* vape* nicotine | 抽烟 吸烟 戒烟 烟草 尼古丁
    => smoke smoking bar restaurant hotel room balcony | 抽烟 吸烟 吸烟区 酒店
study: exam exams course courses degree studying student tutor* certificat* ielts toefl | 考试 课程
    学位 备考 证书 辅导 雅思 托福 留学
    => study exam course class schedule homework | 学习 考试 课程 复习 上课
subscription: subscription* membership* netflix spotify | 订阅 会员
    => subscription membership account renew payment | 订阅 会员 续费 账号
devices: cpap* apnoea apnea ventilator pacemaker hearing_aid insulin_pump cgm dexcom omnipod nebuli*
    oxygen | 呼吸机 起搏器 助听器 胰岛素泵 血糖仪 制氧机 睡眠呼吸暂停
    => travel trip flight hotel airline luggage power adapter charger | 出行 旅行 航班 酒店 行李
    插头 充电 转换器
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
