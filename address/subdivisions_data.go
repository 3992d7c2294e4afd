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
DE|TH|Thüringen|Erfurt||Thuringia`
