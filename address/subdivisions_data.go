package address

// subdivisionData lists first-level subdivisions as
// "country|ISO 3166-2 suffix|name|capital|postcode prefixes|alias|alias...".
// Postcode prefixes (NG only) are the two-digit NIPOST prefixes used in the
// state; the first digit is the postal region. Aliases marked with a leading
// "~" are misspellings, reported as spelling changes rather than aliases.
// These are facts written for addrkit.
const subdivisionData = `NG|AB|Abia|Umuahia|44 45|Abia State
NG|AD|Adamawa|Yola|64 65|Adamawa State
NG|AK|Akwa Ibom|Uyo|52 53|Akwa-Ibom|AkwaIbom|AKS
NG|AN|Anambra|Awka|42 43|~Anambara
NG|BA|Bauchi|Bauchi|74 75|
NG|BY|Bayelsa|Yenagoa|56|
NG|BE|Benue|Makurdi|97 98|
NG|BO|Borno|Maiduguri|60 61|~Bornu
NG|CR|Cross River|Calabar|54 55|Cross-River|CrossRiver|CRS
NG|DE|Delta|Asaba|32 33|
NG|EB|Ebonyi|Abakaliki|48 49|
NG|ED|Edo|Benin City|30 31|
NG|EK|Ekiti|Ado-Ekiti|36 37|
NG|EN|Enugu|Enugu|40 41|
NG|FC|Federal Capital Territory|Abuja|90|FCT|F.C.T|FCT Abuja|Abuja FCT|Abuja|Federal Capital Territory Abuja|Abuja Federal Capital Territory
NG|GO|Gombe|Gombe|76 77|
NG|IM|Imo|Owerri|46 47|
NG|JI|Jigawa|Dutse|72 73|
NG|KD|Kaduna|Kaduna|80 81|~Kadun
NG|KN|Kano|Kano|70 71|
NG|KT|Katsina|Katsina|82 83|
NG|KE|Kebbi|Birnin Kebbi|86 87|
NG|KO|Kogi|Lokoja|26 27|
NG|KW|Kwara|Ilorin|24 25|
NG|LA|Lagos|Ikeja|10|Lag|Lasg|Eko
NG|NA|Nasarawa|Lafia|95 96|~Nassarawa|~Nasarrawa
NG|NI|Niger|Minna|91 92|
NG|OG|Ogun|Abeokuta|11 12|
NG|ON|Ondo|Akure|34 35|
NG|OS|Osun|Osogbo|22 23|
NG|OY|Oyo|Ibadan|20 21|
NG|PL|Plateau|Jos|93 94|
NG|RI|Rivers|Port Harcourt|50 51|
NG|SO|Sokoto|Sokoto|84 85|
NG|TA|Taraba|Jalingo|66 67|
NG|YO|Yobe|Damaturu|62 63 66 67|
NG|ZA|Zamfara|Gusau|88 89 62 63|
US|AL|Alabama|Montgomery||Ala
US|AK|Alaska|Juneau||
US|AZ|Arizona|Phoenix||Ariz
US|AR|Arkansas|Little Rock||Ark
US|CA|California|Sacramento||Calif|Cal
US|CO|Colorado|Denver||Colo
US|CT|Connecticut|Hartford||Conn
US|DE|Delaware|Dover||Del
US|DC|District of Columbia|Washington||Washington DC|Washington D.C.
US|FL|Florida|Tallahassee||Fla
US|GA|Georgia|Atlanta||
US|HI|Hawaii|Honolulu||
US|ID|Idaho|Boise||
US|IL|Illinois|Springfield||Ill
US|IN|Indiana|Indianapolis||Ind
US|IA|Iowa|Des Moines||
US|KS|Kansas|Topeka||Kans
US|KY|Kentucky|Frankfort||
US|LA|Louisiana|Baton Rouge||
US|ME|Maine|Augusta||
US|MD|Maryland|Annapolis||
US|MA|Massachusetts|Boston||Mass
US|MI|Michigan|Lansing||Mich
US|MN|Minnesota|Saint Paul||Minn
US|MS|Mississippi|Jackson||Miss
US|MO|Missouri|Jefferson City||
US|MT|Montana|Helena||Mont
US|NE|Nebraska|Lincoln||Nebr
US|NV|Nevada|Carson City||Nev
US|NH|New Hampshire|Concord||
US|NJ|New Jersey|Trenton||
US|NM|New Mexico|Santa Fe||
US|NY|New York|Albany||
US|NC|North Carolina|Raleigh||
US|ND|North Dakota|Bismarck||
US|OH|Ohio|Columbus||
US|OK|Oklahoma|Oklahoma City||Okla
US|OR|Oregon|Salem||Ore
US|PA|Pennsylvania|Harrisburg||Penn|Penna
US|RI|Rhode Island|Providence||
US|SC|South Carolina|Columbia||
US|SD|South Dakota|Pierre||
US|TN|Tennessee|Nashville||Tenn
US|TX|Texas|Austin||Tex
US|UT|Utah|Salt Lake City||
US|VT|Vermont|Montpelier||
US|VA|Virginia|Richmond||
US|WA|Washington|Olympia||Wash
US|WV|West Virginia|Charleston||
US|WI|Wisconsin|Madison||Wis
US|WY|Wyoming|Cheyenne||
US|PR|Puerto Rico|San Juan||
US|GU|Guam|Hagatna||
US|VI|U.S. Virgin Islands|Charlotte Amalie||
US|AS|American Samoa|Pago Pago||
US|MP|Northern Mariana Islands|Saipan||
CA|AB|Alberta|Edmonton||Alta
CA|BC|British Columbia|Victoria||
CA|MB|Manitoba|Winnipeg||Man
CA|NB|New Brunswick|Fredericton||
CA|NL|Newfoundland and Labrador|St. John's||Newfoundland
CA|NS|Nova Scotia|Halifax||
CA|NT|Northwest Territories|Yellowknife||
CA|NU|Nunavut|Iqaluit||
CA|ON|Ontario|Toronto||Ont
CA|PE|Prince Edward Island|Charlottetown||PEI
CA|QC|Quebec|Quebec City||Que|PQ
CA|SK|Saskatchewan|Regina||Sask
CA|YT|Yukon|Whitehorse||
AU|ACT|Australian Capital Territory|Canberra||
AU|NSW|New South Wales|Sydney||
AU|NT|Northern Territory|Darwin||
AU|QLD|Queensland|Brisbane||
AU|SA|South Australia|Adelaide||
AU|TAS|Tasmania|Hobart||
AU|VIC|Victoria|Melbourne||
AU|WA|Western Australia|Perth||
AT|1|Burgenland|Eisenstadt||
AT|2|Kärnten|Klagenfurt am Wörthersee||Carinthia|Kaernten
AT|3|Niederösterreich|St. Pölten||Lower Austria|Niederoesterreich
AT|4|Oberösterreich|Linz||Upper Austria|Oberoesterreich
AT|5|Salzburg|Salzburg||
AT|6|Steiermark|Graz||Styria
AT|7|Tirol|Innsbruck||Tyrol
AT|8|Vorarlberg|Bregenz||
AT|9|Wien|Wien||Vienna
IE|CW|County Carlow|Carlow||Co. Carlow|Carlow County
IE|CN|County Cavan|Cavan||Co. Cavan|Cavan County|An Cabhán
IE|CE|County Clare|Ennis||Co. Clare|Clare County
IE|CO|County Cork|Cork||Co. Cork|Cork County
IE|DL|County Donegal|Lifford||Co. Donegal|Donegal County
IE|D|County Dublin|Dublin||Co. Dublin|Dublin County|Fingal|Dún Laoghaire-Rathdown|South Dublin
IE|G|County Galway|Galway||Co. Galway|Galway County
IE|KY|County Kerry|Tralee||Co. Kerry|Kerry County
IE|KE|County Kildare|Naas||Co. Kildare|Kildare County
IE|KK|County Kilkenny|Kilkenny||Co. Kilkenny|Kilkenny County
IE|LS|County Laois|Portlaoise||Co. Laois|Laois County
IE|LM|County Leitrim|Carrick-on-Shannon||Co. Leitrim|Leitrim County
IE|LK|County Limerick|Limerick||Co. Limerick|Limerick County
IE|LD|County Longford|Longford||Co. Longford|Longford County|An Longfort
IE|LH|County Louth|Dundalk||Co. Louth|Louth County
IE|MO|County Mayo|Castlebar||Co. Mayo|Mayo County
IE|MH|County Meath|Navan||Co. Meath|Meath County
IE|MN|County Monaghan|Monaghan||Co. Monaghan|Monaghan County
IE|OY|County Offaly|Tullamore||Co. Offaly|Offaly County|Uíbh Fhailí
IE|RN|County Roscommon|Roscommon||Co. Roscommon|Roscommon County
IE|SO|County Sligo|Sligo||Co. Sligo|Sligo County
IE|TA|County Tipperary|Nenagh||Co. Tipperary|Tipperary County
IE|WD|County Waterford|Waterford||Co. Waterford|Waterford County
IE|WH|County Westmeath|Mullingar||Co. Westmeath|Westmeath County
IE|WX|County Wexford|Wexford||Co. Wexford|Wexford County
IE|WW|County Wicklow|Wicklow||Co. Wicklow|Wicklow County
CH|AG|Aargau|Aarau||Argovie
CH|AI|Appenzell Innerrhoden|Appenzell||
CH|AR|Appenzell Ausserrhoden|Herisau||
CH|BE|Bern|Bern||Berne
CH|BL|Basel-Landschaft|Liestal||Basel-Country|Bâle-Campagne
CH|BS|Basel-Stadt|Basel||Basel-City|Bâle-Ville
CH|FR|Fribourg|Fribourg||Freiburg
CH|GE|Genève|Genève||Geneva|Genf|Ginevra
CH|GL|Glarus|Glarus||
CH|GR|Graubünden|Chur||Grisons|Grigioni
CH|JU|Jura|Delémont||
CH|LU|Luzern|Luzern||Lucerne
CH|NE|Neuchâtel|Neuchâtel||Neuenburg
CH|NW|Nidwalden|Stans||
CH|OW|Obwalden|Sarnen||
CH|SG|St. Gallen|St. Gallen||Sankt Gallen|St Gallen|Saint-Gall
CH|SH|Schaffhausen|Schaffhausen||
CH|SO|Solothurn|Solothurn||Soleure
CH|SZ|Schwyz|Schwyz||
CH|TG|Thurgau|Frauenfeld||Thurgovie
CH|TI|Ticino|Bellinzona||Tessin
CH|UR|Uri|Altdorf||
CH|VD|Vaud|Lausanne||Waadt
CH|VS|Valais|Sion||Wallis
CH|ZG|Zug|Zug||Zoug
CH|ZH|Zürich|Zürich||Zurich
DE|BW|Baden-Württemberg|Stuttgart||
DE|BY|Bayern|München||Bavaria
DE|BE|Berlin|Berlin||
DE|BB|Brandenburg|Potsdam||
DE|HB|Bremen|Bremen||
DE|HH|Hamburg|Hamburg||
DE|HE|Hessen|Wiesbaden||Hesse
DE|MV|Mecklenburg-Vorpommern|Schwerin||
DE|NI|Niedersachsen|Hannover||Lower Saxony
DE|NW|Nordrhein-Westfalen|Düsseldorf||North Rhine-Westphalia|NRW
DE|RP|Rheinland-Pfalz|Mainz||Rhineland-Palatinate
DE|SL|Saarland|Saarbrücken||
DE|SN|Sachsen|Dresden||Saxony
DE|ST|Sachsen-Anhalt|Magdeburg||Saxony-Anhalt
DE|SH|Schleswig-Holstein|Kiel||
DE|TH|Thüringen|Erfurt||Thuringia
JP|01|Hokkaido|||北海道
JP|02|Aomori|||青森県|青森|Aomori-ken
JP|03|Iwate|||岩手県|岩手|Iwate-ken
JP|04|Miyagi|||宮城県|宮城|Miyagi-ken
JP|05|Akita|||秋田県|秋田|Akita-ken
JP|06|Yamagata|||山形県|山形|Yamagata-ken
JP|07|Fukushima|||福島県|福島|Fukushima-ken
JP|08|Ibaraki|||茨城県|茨城|Ibaraki-ken
JP|09|Tochigi|||栃木県|栃木|Tochigi-ken
JP|10|Gunma|||群馬県|群馬|Gunma-ken
JP|11|Saitama|||埼玉県|埼玉|Saitama-ken
JP|12|Chiba|||千葉県|千葉|Chiba-ken
JP|13|Tokyo|||東京都|東京|Tokyo-to
JP|14|Kanagawa|||神奈川県|神奈川|Kanagawa-ken
JP|15|Niigata|||新潟県|新潟|Niigata-ken
JP|16|Toyama|||富山県|富山|Toyama-ken
JP|17|Ishikawa|||石川県|石川|Ishikawa-ken
JP|18|Fukui|||福井県|福井|Fukui-ken
JP|19|Yamanashi|||山梨県|山梨|Yamanashi-ken
JP|20|Nagano|||長野県|長野|Nagano-ken
JP|21|Gifu|||岐阜県|岐阜|Gifu-ken
JP|22|Shizuoka|||静岡県|静岡|Shizuoka-ken
JP|23|Aichi|||愛知県|愛知|Aichi-ken
JP|24|Mie|||三重県|三重|Mie-ken
JP|25|Shiga|||滋賀県|滋賀|Shiga-ken
JP|26|Kyoto|||京都府|京都|Kyoto-fu
JP|27|Osaka|||大阪府|大阪|Osaka-fu
JP|28|Hyogo|||兵庫県|兵庫|Hyogo-ken
JP|29|Nara|||奈良県|奈良|Nara-ken
JP|30|Wakayama|||和歌山県|和歌山|Wakayama-ken
JP|31|Tottori|||鳥取県|鳥取|Tottori-ken
JP|32|Shimane|||島根県|島根|Shimane-ken
JP|33|Okayama|||岡山県|岡山|Okayama-ken
JP|34|Hiroshima|||広島県|広島|Hiroshima-ken
JP|35|Yamaguchi|||山口県|山口|Yamaguchi-ken
JP|36|Tokushima|||徳島県|徳島|Tokushima-ken
JP|37|Kagawa|||香川県|香川|Kagawa-ken
JP|38|Ehime|||愛媛県|愛媛|Ehime-ken
JP|39|Kochi|||高知県|高知|Kochi-ken
JP|40|Fukuoka|||福岡県|福岡|Fukuoka-ken
JP|41|Saga|||佐賀県|佐賀|Saga-ken
JP|42|Nagasaki|||長崎県|長崎|Nagasaki-ken
JP|43|Kumamoto|||熊本県|熊本|Kumamoto-ken
JP|44|Oita|||大分県|大分|Oita-ken
JP|45|Miyazaki|||宮崎県|宮崎|Miyazaki-ken
JP|46|Kagoshima|||鹿児島県|鹿児島|Kagoshima-ken
JP|47|Okinawa|||沖縄県|沖縄|Okinawa-ken
KR|11|Seoul|서울특별시||서울특별시|서울|Seoul Special City|Seoul-teukbyeolsi
KR|26|Busan|부산광역시||부산광역시|부산|Busan Metropolitan City|Pusan
KR|27|Daegu|대구광역시||대구광역시|대구|Daegu Metropolitan City|Taegu
KR|28|Incheon|인천광역시||인천광역시|인천|Incheon Metropolitan City|Inchon
KR|29|Gwangju|광주광역시||광주광역시|광주|Gwangju Metropolitan City|Kwangju
KR|30|Daejeon|대전광역시||대전광역시|대전|Daejeon Metropolitan City|Taejon
KR|31|Ulsan|울산광역시||울산광역시|울산|Ulsan Metropolitan City
KR|50|Sejong|세종특별자치시||세종특별자치시|세종|Sejong City
KR|41|Gyeonggi|||경기도|경기|Gyeonggi-do|Kyonggi-do
KR|51|Gangwon|||강원특별자치도|강원도|강원|Gangwon-do|Kangwon-do
KR|43|North Chungcheong|||충청북도|충북|Chungcheongbuk-do
KR|44|South Chungcheong|||충청남도|충남|Chungcheongnam-do
KR|52|North Jeolla|||전북특별자치도|전라북도|전북|Jeollabuk-do
KR|46|South Jeolla|||전라남도|전남|Jeollanam-do
KR|47|North Gyeongsang|||경상북도|경북|Gyeongsangbuk-do
KR|48|South Gyeongsang|||경상남도|경남|Gyeongsangnam-do
KR|49|Jeju|||제주특별자치도|제주도|제주|Jeju-do
AE|AZ|Abu Dhabi|Abu Dhabi||Abū Z̧aby|Abu Zaby|Abu Zabi|أبو ظبي
AE|DU|Dubai|Dubai||Dubayy|دبي
AE|SH|Sharjah|Sharjah||Ash Shariqah|Ash Shāriqah|الشارقة
AE|AJ|Ajman|Ajman||'Ajmān|عجمان
AE|UQ|Umm al-Quwain|Umm al-Quwain||Umm al Qaywayn|أم القيوين
AE|RK|Ras al-Khaimah|Ras al-Khaimah||Ra's al Khaymah|رأس الخيمة
AE|FU|Fujairah|Fujairah||Al Fujayrah|الفجيرة
CN|11|Beijing|Beijing||Pekín
CN|12|Tianjin|Tianjin||
CN|13|Hebei|Shijiazhuang||河北省|河北
CN|14|Shanxi|Taiyuan||山西省|山西
CN|15|Inner Mongolia|Hohhot||内蒙古自治区|内蒙古|Nei Mongol|Nei Monggol
CN|21|Liaoning|Shenyang||辽宁省|辽宁
CN|22|Jilin|Changchun||吉林省|吉林
CN|23|Heilongjiang|Harbin||黑龙江省|黑龙江
CN|31|Shanghai|Shanghai||
CN|32|Jiangsu|Nanjing||江苏省|江苏
CN|33|Zhejiang|Hangzhou||浙江省|浙江
CN|34|Anhui|Hefei||安徽省|安徽
CN|35|Fujian|Fuzhou||福建省|福建
CN|36|Jiangxi|Nanchang||江西省|江西
CN|37|Shandong|Jinan||山东省|山东
CN|41|Henan|Zhengzhou||河南省|河南
CN|42|Hubei|Wuhan||湖北省|湖北
CN|43|Hunan|Changsha||湖南省|湖南
CN|44|Guangdong|Guangzhou||广东省|广东|廣東省
CN|45|Guangxi|Nanning||广西壮族自治区|广西|Guangxi Zhuang
CN|46|Hainan|Haikou||海南省|海南
CN|50|Chongqing|Chongqing||
CN|51|Sichuan|Chengdu||四川省|四川
CN|52|Guizhou|Guiyang||贵州省|贵州
CN|53|Yunnan|Kunming||云南省|云南
CN|54|Tibet|Lhasa||西藏自治区|西藏|Xizang
CN|61|Shaanxi|Xi'an||陕西省|陕西
CN|62|Gansu|Lanzhou||甘肃省|甘肃
CN|63|Qinghai|Xining||青海省|青海
CN|64|Ningxia|Yinchuan||宁夏回族自治区|宁夏|Ningxia Hui
CN|65|Xinjiang|Ürümqi||新疆维吾尔自治区|新疆|Uighur|Uygur
MX|AGU|Aguascalientes|||Ags
MX|BCN|Baja California|||B.C.
MX|BCS|Baja California Sur|||B.C.S.
MX|CAM|Campeche|||Camp
MX|CHP|Chiapas|||Chis
MX|CHH|Chihuahua|||Chih
MX|COA|Coahuila|||Coah|Coahuila de Zaragoza
MX|COL|Colima|||
MX|CMX|Ciudad de México|||CDMX|Mexico City|Distrito Federal|D.F.
MX|DUR|Durango|||Dgo
MX|GRO|Guerrero|||Gro
MX|GUA|Guanajuato|||Gto
MX|HID|Hidalgo|||Hgo
MX|JAL|Jalisco|||Jal
MX|MEX|México|||Edomex|Estado de México|Edo. Méx.|Méx
MX|MIC|Michoacán|||Mich|Michoacán de Ocampo
MX|MOR|Morelos|||Mor
MX|NAY|Nayarit|||Nay
MX|NLE|Nuevo León|||N.L.
MX|OAX|Oaxaca|||Oax
MX|PUE|Puebla|||Pue
MX|QUE|Querétaro|||Qro|Querétaro de Arteaga
MX|ROO|Quintana Roo|||Q. Roo|Q.R.|QRoo
MX|SLP|San Luis Potosí|||S.L.P.
MX|SIN|Sinaloa|||Sin
MX|SON|Sonora|||Son
MX|TAB|Tabasco|||Tab
MX|TAM|Tamaulipas|||Tamps
MX|TLA|Tlaxcala|||Tlax
MX|VER|Veracruz|||Ver|Veracruz de Ignacio de la Llave
MX|YUC|Yucatán|||Yuc
MX|ZAC|Zacatecas|||Zac
AR|A|Salta|||
AR|B|Buenos Aires|||Provincia de Buenos Aires
AR|C|Ciudad Autónoma de Buenos Aires|||CABA|C.A.B.A.|Capital Federal|Ciudad de Buenos Aires|Buenos Aires F.D.
AR|D|San Luis|||
AR|E|Entre Ríos|||
AR|F|La Rioja|||
AR|G|Santiago del Estero|||
AR|H|Chaco|||
AR|J|San Juan|||
AR|K|Catamarca|||
AR|L|La Pampa|||Pampa
AR|M|Mendoza|||
AR|N|Misiones|||
AR|P|Formosa|||
AR|Q|Neuquén|||
AR|R|Río Negro|||
AR|S|Santa Fe|||
AR|T|Tucumán|||
AR|U|Chubut|||
AR|V|Tierra del Fuego|||
AR|W|Corrientes|||
AR|X|Córdoba|||
AR|Y|Jujuy|||
AR|Z|Santa Cruz|||`
