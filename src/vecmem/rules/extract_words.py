"""The shared vocabulary of the rule extractor's tables, in both languages: jobs, kin and
pets, identities, configuration nouns, dates, routines and the adverbs a first-person verb
phrase may carry. Plain regex alternations (strings), plus the two compiled checks built
from them (a date, a routine); nothing here knows about a rule or a builder.
"""

from __future__ import annotations

import re

from vecmem.text import lazy_re

#: Nationalities, faiths and regions: "I'm Brazilian" says where the user is from, not
#: their name.
NATIONALITY_EN = (
    r"American|British|Canadian|Australian|Brazilian|Mexican|Chinese|Japanese|Korean|Indian"
    r"|German|French|Italian|Spanish|Portuguese|Dutch|Swedish|Norwegian|Danish|Finnish|Polish"
    r"|Russian|Ukrainian|Irish|Scottish|Welsh|English|Turkish|Greek|Egyptian|Nigerian|Kenyan"
    r"|Vietnamese|Thai|Filipino|Filipina|Indonesian|Malaysian|Singaporean|Pakistani|Israeli"
    r"|Iranian|Argentinian|Argentine|Chilean|Colombian|Peruvian|Cuban|Swiss|Austrian|Belgian"
    r"|Czech|Hungarian|Romanian|Taiwanese|Cantonese|Jewish|Muslim|Catholic|Buddhist|Hindu"
    r"|Asian|European|African|Latina|Latino|Hispanic|Ghanaian|Ethiopian|Moroccan|Lebanese"
    r"|Serbian|Croatian|Bulgarian|Icelandic|Scandinavian|Kiwi|Aussie|Texan|Californian"
)
_CONFIG_ZH = (
    r"端口|模型|数据库|地址|路径|版本|超时|时区|目录|域名|主机|分支|编码|维度|日志级别|镜像|"
    r"并发数|线程数|区域|语言|编辑器|终端|shell|IDE"
)
_CONFIG_EN = (
    r"port|model|database|db|host|hostname|endpoint|url|path|directory|dir|timezone|"
    r"time zone|locale|branch|version|timeout|region|dimension|log level|editor|shell"
)
_SET_ZH = r"(?:改成|改为|换成|设为|设置为|设置成|调成|调到|调整为|升级到|升级为)"
_PARTS_ZH = r"前端|后端|数据库|服务端|客户端|接口|API|CI|测试|部署|构建|文档"
_PARTS_EN = (
    r"backend|back end|frontend|front end|api|server|client|app|database|service|ci|"
    r"test suite|tests|infrastructure|infra|stack|website|site|cli"
)
_JOBS_ZH = (
    r"工程师|程序员|开发者|开发|设计师|老师|教师|医生|护士|学生|研究生|博士生|经理|研究员|作家|"
    r"律师|会计|架构师|科学家|分析师|创业者|自由职业者?|运维|产品经理|全栈|销售|运营|HR|SRE|PM|QA"
    r"|DBA|DevOps|developer|engineer|designer|dev"
)
_JOBS_EN = (
    r"engineer|developer|designer|teacher|doctor|nurse|student|manager|researcher|writer|"
    r"lawyer|scientist|programmer|architect|analyst|accountant|consultant|founder|freelancer"
)
_KIN_ZH = (
    r"女儿|儿子|妻子|老婆|丈夫|老公|孩子|狗|猫|宠物|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|"
    r"男朋友|女朋友|伴侣|生日|名字|母语"
)
_KIN_EN = (
    r"daughter|son|wife|husband|partner|kid|child|dog|cat|pet|mother|mom|father|dad|brother|"
    r"sister|boyfriend|girlfriend"
)
_IMPERATIVE_EN = (
    r"use|answer|reply|respond|write|give|include|add|show|explain|start|put|keep|ask|check|"
    r"run|commit|push|format|cite|avoid|mention|call|tell|remind|speak|be|make|return|"
    r"provide|follow|test|document|delete|remove|skip|wrap|sort|translate|summarize"
)
_DATE_EN = (
    r"next (?:week|month|year|spring|summer|fall|autumn|winter|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|tomorrow|this (?:weekend|summer|winter|fall|spring)|"
    r"in (?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|\d{4})|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"(?:january|february|march|april|june|july|august|september|october|november|"
    r"december) \d{1,2}(?:st|nd|rd|th)?|\d{4}-\d{2}-\d{2}"
    r"|(?:on )?the \d{1,2}(?:st|nd|rd|th)(?: of (?:january|february|march|april|may|june|july"
    r"|august|september|october|november|december))?"
)
_DATE_ZH = (
    r"明天|后天|后年|下半年|下周[一二三四五六日天]?|下个?星期[一二三四五六日天]?|下个月|明年|今年|周末"
    # A month or a day in digits or in words, with its part ("三月底", "12 月", "十五号").
    r"|(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s*月(?:份|初|中旬|上旬|下旬|中|底)?"
    r"(?:\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[日号])?"
    r"|(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[号日]|\d{4}\s*年|月底|月初|年底|年初"
    r"|春节|国庆|五一|十一|元旦|中秋|端午|清明|暑假|寒假"
)

_ADV_EN = (
    r"(?:(?:really|also|just|recently|finally|actually|currently|now|still|even|definitely"
    r"|usually|always|often|mostly|mainly|sometimes|generally|officially|only) )*"
)
_FREQ_EN = r"usually|always|often|mostly|mainly|sometimes|generally|only"
_PETS_EN = (
    r"dogs?|cats?|pup(?:py|pies|s)?|kittens?|puppies|pets?|hamsters?|rabbits?|birds?|fish"
    r"|turtles?|horses?"
)
_KIN_MORE_EN = (
    rf"{_KIN_EN}|kids|children|sons|daughters|brothers|sisters|siblings?|twins|grandkids"
    r"|toddlers?|babies|baby|newborn|teenagers?|teens?"
    # "my four-year-old", "our 8-month-old": a child named by age.
    r"|(?:\w+|\d+)-(?:year|month)-olds?"
    rf"|grandchildren|{_PETS_EN}"
)
_IDENTITY_EN = (
    rf"{_JOBS_EN}|artist|musician|painter|photographer|singer|dancer|chef|baker|nurse|runner"
    r"|swimmer|gamer|volunteer|mentor|coach|vet|veteran|mom|mum|dad|mother|father|parent"
    r"|single (?:mom|dad|parent|mother|father)|trans(?:gender)? (?:woman|man|person)|introvert"
    r"|extrovert|vegetarian|vegan|pianist|guitarist|drummer|violinist|cyclist|hiker|climber"
    r"|reader|author|blogger|youtuber|streamer|entrepreneur|student|teacher|[a-z]+ist|[a-z]+ian"
    r"|dev|devops|sre|pm|qa|sysadmin|intern|contractor|cto|ceo|cfo|tech lead|team lead|pilot"
    r"|paramedic|firefighter|pharmacist|dentist|therapist|plumber|electrician|mechanic"
    r"|carpenter|farmer|librarian|translator|editor|journalist|nanny|caregiver|barista"
    # Agent nouns by their form ("a welder", "a surveyor", "a bartender") — not a
    # comparative after "a bit / a lot / a little" ("a bit older").
    r"|(?<!\bbit )(?<!\blot )(?<!\blittle )(?<!\btad )(?<!\bthe )(?!(?:never|over|under|after|ever"
    r"|other|rather|together|whether|either|neither|better|bigger|older|younger|later"
    r"|number|matter|member|winner|loser|sucker|beginner|clever|proper|danger|monster"
    r"|weather|water|summer|winter|dinner|paper|letter|corner|computer|power|border)\b)"
    r"[a-z]{3,}(?:er|or)"
)
_WEEKDAY = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_DATE_MORE_EN = (
    rf"{_DATE_EN}|next weekend|this (?:{_WEEKDAY})|on (?:the )?weekend"
    r"|in (?:a|one|two|three|a few|a couple of) (?:days|weeks|months|years)"
    r"|(?:later|early|end of) (?:this|next) (?:month|year|week)"
    # A month by its name or abbreviation with a day ("May 9", "Dec 20th", "9 May").
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?"
    r"|\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov"
    r"|dec)[a-z]*"
)
_ROUTINE_EN = (
    r"every (?:\w+ )?(?:days|weeks|months|years)|every other \w+|"
    rf"every (?:day|morning|evening|night|week|weekend|month|summer|winter|year|{_WEEKDAY})"
    r"|once a (?:day|week|month|year)|twice a (?:day|week|month|year)|on weekends|daily|weekly"
    r"|each (?:day|morning|week|month)|at least once a \w+"
    r"|in the (?:mornings|evenings|afternoons)|at night|on weekdays|on weeknights"
    r"|(?:\w+|\d+) times a (?:day|week|month|year)|(?:once|twice) (?:a|per) \w+"
    rf"|on (?:{_WEEKDAY})s"
)
_DATED_EN = lazy_re(rf"\b(?:{_DATE_MORE_EN})\b", re.IGNORECASE)
_ROUTINE = lazy_re(rf"\b(?:{_ROUTINE_EN})\b", re.IGNORECASE)

# A definite object is most often one of the task or the day, already in the conversation
# ("started the server", "moved the meeting", "joined the call"); an institution or a
# name after "the" is not ("joined the army", "ran the Boston Marathon").
THE_TASK_EN = lazy_re(r"^the (?!(?-i:[A-Z])|(?:army|navy|air force|marines|military|peace corps"
                      r"|church|choir|orchestra|lottery|bar exam|bar|marathon|olympics|national"
                      r"|regional|state|world|first|second|third|last|final)\b)", re.IGNORECASE)
