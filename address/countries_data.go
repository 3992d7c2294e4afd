package address

// iso3166 lists every ISO 3166-1 country as "alpha-2|alpha-3|English short
// name|alias|alias...". The names and aliases are facts written for addrkit;
// aliases cover common English names, native names (in their own
// scripts too: 日本, Россия, مصر) and well-known abbreviations. Lookups fold case, accents and punctuation. Kosovo, which
// ISO has not assigned a code, is listed under XK, the user-assigned code
// that the European Union, Unicode CLDR and GeoNames use for it.
const iso3166 = `AD|AND|Andorra
AE|ARE|United Arab Emirates|UAE|Emirates|الإمارات|الإمارات العربية المتحدة
AF|AFG|Afghanistan
AG|ATG|Antigua and Barbuda|Antigua
AI|AIA|Anguilla
AL|ALB|Albania|Shqiperia
AM|ARM|Armenia|Հայաստան
AO|AGO|Angola
AQ|ATA|Antarctica
AR|ARG|Argentina
AS|ASM|American Samoa
AT|AUT|Austria|Osterreich
AU|AUS|Australia
AW|ABW|Aruba
AX|ALA|Aland Islands|Aland
AZ|AZE|Azerbaijan
BA|BIH|Bosnia and Herzegovina|Bosnia|Bosnia Herzegovina
BB|BRB|Barbados
BD|BGD|Bangladesh
BE|BEL|Belgium|Belgique|Belgie
BF|BFA|Burkina Faso
BG|BGR|Bulgaria|България
BH|BHR|Bahrain
BI|BDI|Burundi
BJ|BEN|Benin|Republic of Benin|Benin Republic
BL|BLM|Saint Barthelemy|St Barthelemy
BM|BMU|Bermuda
BN|BRN|Brunei|Brunei Darussalam
BO|BOL|Bolivia|Plurinational State of Bolivia
BQ|BES|Caribbean Netherlands|Bonaire Sint Eustatius and Saba|Bonaire
BR|BRA|Brazil|Brasil
BS|BHS|Bahamas|The Bahamas
BT|BTN|Bhutan
BV|BVT|Bouvet Island
BW|BWA|Botswana
BY|BLR|Belarus|Беларусь|Белоруссия
BZ|BLZ|Belize
CA|CAN|Canada
CC|CCK|Cocos Islands|Cocos (Keeling) Islands|Keeling Islands
CD|COD|DR Congo|Democratic Republic of the Congo|DRC|Congo Kinshasa|Zaire
CF|CAF|Central African Republic|CAR
CG|COG|Republic of the Congo|Congo|Congo Brazzaville
CH|CHE|Switzerland|Schweiz|Suisse|Svizzera
CI|CIV|Cote d'Ivoire|Ivory Coast
CK|COK|Cook Islands
CL|CHL|Chile
CM|CMR|Cameroon|Cameroun
CN|CHN|China|People's Republic of China|PRC|中国|中國|中华人民共和国|中華人民共和國
CO|COL|Colombia
CR|CRI|Costa Rica
CU|CUB|Cuba
CV|CPV|Cabo Verde|Cape Verde
CW|CUW|Curacao
CX|CXR|Christmas Island
CY|CYP|Cyprus
CZ|CZE|Czechia|Czech Republic|Česko
DE|DEU|Germany|Deutschland|Federal Republic of Germany
DJ|DJI|Djibouti
DK|DNK|Denmark|Danmark
DM|DMA|Dominica
DO|DOM|Dominican Republic
DZ|DZA|Algeria|Algérie
EC|ECU|Ecuador
EE|EST|Estonia|Eesti
EG|EGY|Egypt|مصر
EH|ESH|Western Sahara
ER|ERI|Eritrea
ES|ESP|Spain|Espana
ET|ETH|Ethiopia
FI|FIN|Finland|Suomi
FJ|FJI|Fiji
FK|FLK|Falkland Islands|Falklands
FM|FSM|Micronesia|Federated States of Micronesia
FO|FRO|Faroe Islands|Faroes
FR|FRA|France|French Republic
GA|GAB|Gabon
GB|GBR|United Kingdom|UK|U.K.|Great Britain|Britain|England|Scotland|Wales|Northern Ireland|United Kingdom of Great Britain and Northern Ireland
GD|GRD|Grenada
GE|GEO|Georgia|საქართველო
GF|GUF|French Guiana
GG|GGY|Guernsey
GH|GHA|Ghana
GI|GIB|Gibraltar
GL|GRL|Greenland
GM|GMB|Gambia|The Gambia
GN|GIN|Guinea
GP|GLP|Guadeloupe
GQ|GNQ|Equatorial Guinea
GR|GRC|Greece|Hellas|Ελλάδα|Ελλάς
GS|SGS|South Georgia and the South Sandwich Islands
GT|GTM|Guatemala
GU|GUM|Guam
GW|GNB|Guinea-Bissau
GY|GUY|Guyana
HK|HKG|Hong Kong|香港|中國香港
HM|HMD|Heard Island and McDonald Islands
HN|HND|Honduras
HR|HRV|Croatia|Hrvatska
HT|HTI|Haiti
HU|HUN|Hungary|Magyarorszag
ID|IDN|Indonesia
IE|IRL|Ireland|Eire|Republic of Ireland
IL|ISR|Israel|ישראל
IM|IMN|Isle of Man
IN|IND|India|Bharat|भारत
IO|IOT|British Indian Ocean Territory
IQ|IRQ|Iraq|العراق
IR|IRN|Iran|Islamic Republic of Iran|ایران
IS|ISL|Iceland|Island of Iceland
IT|ITA|Italy|Italia
JE|JEY|Jersey
JM|JAM|Jamaica
JO|JOR|Jordan|الأردن
JP|JPN|Japan|Nippon|日本|日本国
KE|KEN|Kenya
KG|KGZ|Kyrgyzstan
KH|KHM|Cambodia
KI|KIR|Kiribati
KM|COM|Comoros
KN|KNA|Saint Kitts and Nevis|St Kitts and Nevis
KP|PRK|North Korea|Democratic People's Republic of Korea|DPRK
KR|KOR|South Korea|Korea|Republic of Korea|대한민국|한국
KW|KWT|Kuwait|الكويت
KY|CYM|Cayman Islands
KZ|KAZ|Kazakhstan|Қазақстан|Казахстан
LA|LAO|Laos|Lao People's Democratic Republic|Lao PDR
LB|LBN|Lebanon|لبنان
LC|LCA|Saint Lucia|St Lucia
LI|LIE|Liechtenstein
LK|LKA|Sri Lanka
LR|LBR|Liberia
LS|LSO|Lesotho
LT|LTU|Lithuania|Lietuva
LU|LUX|Luxembourg
LV|LVA|Latvia|Latvija
LY|LBY|Libya
MA|MAR|Morocco|Maroc|المغرب
MC|MCO|Monaco
MD|MDA|Moldova|Republic of Moldova
ME|MNE|Montenegro|Crna Gora
MF|MAF|Saint Martin|St Martin
MG|MDG|Madagascar
MH|MHL|Marshall Islands
MK|MKD|North Macedonia|Macedonia|Северна Македонија
ML|MLI|Mali
MM|MMR|Myanmar|Burma
MN|MNG|Mongolia|Монгол Улс
MO|MAC|Macao|Macau|澳門|澳门
MP|MNP|Northern Mariana Islands
MQ|MTQ|Martinique
MR|MRT|Mauritania
MS|MSR|Montserrat
MT|MLT|Malta
MU|MUS|Mauritius
MV|MDV|Maldives
MW|MWI|Malawi
MX|MEX|Mexico|Mejico
MY|MYS|Malaysia
MZ|MOZ|Mozambique|Mocambique
NA|NAM|Namibia
NC|NCL|New Caledonia
NE|NER|Niger|Niger Republic|Republic of Niger
NF|NFK|Norfolk Island
NG|NGA|Nigeria|Federal Republic of Nigeria|Naija
NI|NIC|Nicaragua
NL|NLD|Netherlands|Nederland|Holland|The Netherlands
NO|NOR|Norway|Norge
NP|NPL|Nepal
NR|NRU|Nauru
NU|NIU|Niue
NZ|NZL|New Zealand|Aotearoa
OM|OMN|Oman
PA|PAN|Panama
PE|PER|Peru
PF|PYF|French Polynesia
PG|PNG|Papua New Guinea
PH|PHL|Philippines
PK|PAK|Pakistan
PL|POL|Poland|Polska
PM|SPM|Saint Pierre and Miquelon
PN|PCN|Pitcairn|Pitcairn Islands
PR|PRI|Puerto Rico
PS|PSE|Palestine|State of Palestine
PT|PRT|Portugal
PW|PLW|Palau
PY|PRY|Paraguay
QA|QAT|Qatar|قطر
RE|REU|Reunion
RO|ROU|Romania
RS|SRB|Serbia|Srbija|Србија
RU|RUS|Russia|Russian Federation|Rossiya|Россия|Российская Федерация
RW|RWA|Rwanda
SA|SAU|Saudi Arabia|KSA|السعودية|المملكة العربية السعودية
SB|SLB|Solomon Islands
SC|SYC|Seychelles
SD|SDN|Sudan
SE|SWE|Sweden|Sverige
SG|SGP|Singapore
SH|SHN|Saint Helena|Saint Helena, Ascension and Tristan da Cunha|St Helena
SI|SVN|Slovenia|Slovenija
SJ|SJM|Svalbard and Jan Mayen
SK|SVK|Slovakia|Slovensko
SL|SLE|Sierra Leone
SM|SMR|San Marino
SN|SEN|Senegal
SO|SOM|Somalia
SR|SUR|Suriname
SS|SSD|South Sudan
ST|STP|Sao Tome and Principe
SV|SLV|El Salvador
SX|SXM|Sint Maarten
SY|SYR|Syria|Syrian Arab Republic
SZ|SWZ|Eswatini|Swaziland
TC|TCA|Turks and Caicos Islands
TD|TCD|Chad|Tchad
TF|ATF|French Southern Territories
TG|TGO|Togo
TH|THA|Thailand|ไทย|ประเทศไทย
TJ|TJK|Tajikistan
TK|TKL|Tokelau
TL|TLS|Timor-Leste|East Timor
TM|TKM|Turkmenistan
TN|TUN|Tunisia
TO|TON|Tonga
TR|TUR|Turkey|Turkiye
TT|TTO|Trinidad and Tobago|Trinidad
TV|TUV|Tuvalu
TW|TWN|Taiwan|台灣|臺灣|台湾|中華民國
TZ|TZA|Tanzania|United Republic of Tanzania
UA|UKR|Ukraine|Україна|Украина
UG|UGA|Uganda
UM|UMI|United States Minor Outlying Islands
US|USA|United States|United States of America|U.S.A.|U.S.|America
UY|URY|Uruguay
UZ|UZB|Uzbekistan
VA|VAT|Vatican City|Holy See|Vatican
VC|VCT|Saint Vincent and the Grenadines|St Vincent and the Grenadines
VE|VEN|Venezuela
VG|VGB|British Virgin Islands
VI|VIR|United States Virgin Islands|US Virgin Islands
VN|VNM|Vietnam|Viet Nam
VU|VUT|Vanuatu
WF|WLF|Wallis and Futuna
WS|WSM|Samoa
XK|XKX|Kosovo|Kosova|Kosovë|Republic of Kosovo|Republika e Kosovës|Косово
YE|YEM|Yemen
YT|MYT|Mayotte
ZA|ZAF|South Africa|RSA
ZM|ZMB|Zambia
ZW|ZWE|Zimbabwe`
