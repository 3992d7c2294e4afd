package builtin

// neighbourhoods are the major neighbourhoods and districts of Nigerian
// cities, as "state code|LGA|name|alternate names (comma-separated)|lat|lon".
// The points are approximate centres, written for addrkit from general
// knowledge of the cities; an import of a fuller gazetteer refines them.
const neighbourhoods = `NG-LA|Eti-Osa|Victoria Island|VI,V.I.,Victoria Island Extension|6.4281|3.4219
NG-LA|Eti-Osa|Ikoyi|Old Ikoyi,South West Ikoyi|6.4520|3.4350
NG-LA|Eti-Osa|Oniru|Oniru Estate|6.4300|3.4500
NG-LA|Eti-Osa|Lekki Phase 1|Lekki Phase I,Lekki 1|6.4474|3.4729
NG-LA|Eti-Osa|Lekki|Lekki Peninsula|6.4400|3.5200
NG-LA|Eti-Osa|Ikate|Ikate Elegushi|6.4380|3.4880
NG-LA|Eti-Osa|Osapa|Osapa London|6.4380|3.5250
NG-LA|Eti-Osa|Agungi||6.4450|3.5180
NG-LA|Eti-Osa|Chevron|Chevron Drive|6.4420|3.5350
NG-LA|Eti-Osa|Ajah||6.4670|3.5700
NG-LA|Eti-Osa|Sangotedo||6.4680|3.6300
NG-LA|Eti-Osa|Badore||6.4950|3.5900
NG-LA|Eti-Osa|Obalende||6.4480|3.4100
NG-LA|Eti-Osa|Jakande|Jakande Estate Lekki|6.4450|3.5480
NG-LA|Ibeju-Lekki|Awoyaya||6.4650|3.7000
NG-LA|Ibeju-Lekki|Ibeju||6.4400|3.9600
NG-LA|Lagos Island|Lagos Island|Isale Eko,Eko|6.4550|3.3940
NG-LA|Lagos Island|Marina||6.4510|3.3900
NG-LA|Lagos Island|Idumota||6.4600|3.3870
NG-LA|Lagos Island|Broad Street||6.4530|3.3900
NG-LA|Lagos Mainland|Yaba||6.5095|3.3711
NG-LA|Lagos Mainland|Ebute Metta|Ebute-Meta,Ebute Meta|6.4850|3.3800
NG-LA|Lagos Mainland|Akoka||6.5300|3.3900
NG-LA|Lagos Mainland|Iwaya||6.5050|3.3900
NG-LA|Lagos Mainland|Otto||6.4800|3.3750
NG-LA|Lagos Mainland|Oyingbo|Oyingbo Market|6.4800|3.3850
NG-LA|Surulere|Surulere||6.5015|3.3581
NG-LA|Surulere|Aguda||6.4950|3.3400
NG-LA|Surulere|Ojuelegba||6.5090|3.3650
NG-LA|Surulere|Ijesha|Ijesha Tedo|6.5000|3.3350
NG-LA|Surulere|Lawanson||6.5050|3.3450
NG-LA|Surulere|Itire||6.5150|3.3400
NG-LA|Apapa|Apapa|Apapa GRA|6.4480|3.3600
NG-LA|Apapa|Ijora||6.4680|3.3700
NG-LA|Ajeromi-Ifelodun|Ajegunle||6.4580|3.3300
NG-LA|Amuwo-Odofin|Festac Town|Festac|6.4660|3.2830
NG-LA|Amuwo-Odofin|Satellite Town||6.4380|3.2450
NG-LA|Amuwo-Odofin|Mile 2|Mile Two|6.4620|3.3170
NG-LA|Amuwo-Odofin|Amuwo Odofin|Amuwo|6.4530|3.2950
NG-LA|Ojo|Alaba|Alaba International|6.4600|3.1900
NG-LA|Ojo|Iba||6.4980|3.1900
NG-LA|Ikeja|Ikeja GRA|GRA Ikeja|6.5780|3.3510
NG-LA|Ikeja|Allen|Allen Avenue|6.6010|3.3520
NG-LA|Ikeja|Opebi||6.5950|3.3600
NG-LA|Ikeja|Alausa||6.6160|3.3580
NG-LA|Ikeja|Oregun||6.6000|3.3700
NG-LA|Ikeja|Agidingbi||6.6150|3.3500
NG-LA|Ikeja|Ogba||6.6300|3.3400
NG-LA|Ikeja|Maryland||6.5700|3.3680
NG-LA|Ikeja|Onigbongbo||6.5750|3.3650
NG-LA|Kosofe|Ojota||6.5870|3.3800
NG-LA|Kosofe|Ketu||6.5950|3.3880
NG-LA|Kosofe|Mile 12|Mile Twelve|6.6050|3.3970
NG-LA|Kosofe|Ogudu||6.5750|3.3950
NG-LA|Kosofe|Magodo|Magodo GRA,Magodo Phase 2|6.6200|3.3870
NG-LA|Kosofe|Gbagada||6.5550|3.3870
NG-LA|Kosofe|Anthony|Anthony Village|6.5600|3.3700
NG-LA|Kosofe|Oworonshoki||6.5500|3.4000
NG-LA|Shomolu|Bariga||6.5400|3.3850
NG-LA|Shomolu|Shomolu|Somolu|6.5400|3.3750
NG-LA|Shomolu|Palmgrove|Palm Grove|6.5400|3.3650
NG-LA|Mushin|Mushin||6.5300|3.3500
NG-LA|Mushin|Idi-Araba|Idi Araba|6.5200|3.3550
NG-LA|Mushin|Ilupeju||6.5500|3.3600
NG-LA|Mushin|Papa Ajao||6.5400|3.3350
NG-LA|Oshodi-Isolo|Oshodi||6.5550|3.3450
NG-LA|Oshodi-Isolo|Isolo||6.5300|3.3200
NG-LA|Oshodi-Isolo|Ejigbo||6.5500|3.3000
NG-LA|Oshodi-Isolo|Mafoluku||6.5600|3.3300
NG-LA|Oshodi-Isolo|Ajao Estate||6.5450|3.3200
NG-LA|Alimosho|Ikotun||6.5500|3.2650
NG-LA|Alimosho|Egbeda||6.5950|3.2900
NG-LA|Alimosho|Idimu||6.5800|3.2500
NG-LA|Alimosho|Igando|Egan-Igando|6.5550|3.2400
NG-LA|Alimosho|Iyana Ipaja|Iyana-Ipaja|6.6100|3.2900
NG-LA|Alimosho|Ipaja||6.6150|3.2650
NG-LA|Alimosho|Ayobo||6.6050|3.2400
NG-LA|Alimosho|Abule Egba|Abule-Egba|6.6400|3.2950
NG-LA|Agege|Agege||6.6200|3.3200
NG-LA|Agege|Dopemu||6.6100|3.3100
NG-LA|Ifako-Ijaiye|Ojodu|Ojodu Berger,Berger|6.6400|3.3700
NG-LA|Ifako-Ijaiye|Omole|Omole Phase 1,Omole Phase 2|6.6350|3.3600
NG-LA|Ifako-Ijaiye|Ogba Ijaiye||6.6400|3.3300
NG-LA|Ifako-Ijaiye|Iju||6.6550|3.3300
NG-LA|Ikorodu|Ikorodu||6.6190|3.5100
NG-LA|Badagry|Badagry||6.4150|2.8800
NG-LA|Epe|Epe||6.5850|3.9800
NG-FC|Abuja Municipal|Central Business District|CBD,Central Area|9.0570|7.4890
NG-FC|Abuja Municipal|Garki|Garki 1,Garki I|9.0300|7.4900
NG-FC|Abuja Municipal|Garki 2|Garki II|9.0250|7.4950
NG-FC|Abuja Municipal|Wuse|Wuse Zone 1,Wuse 1|9.0650|7.4700
NG-FC|Abuja Municipal|Wuse 2|Wuse II|9.0800|7.4700
NG-FC|Abuja Municipal|Maitama||9.0880|7.4950
NG-FC|Abuja Municipal|Asokoro||9.0450|7.5250
NG-FC|Abuja Municipal|Utako||9.0700|7.4400
NG-FC|Abuja Municipal|Jabi||9.0750|7.4250
NG-FC|Abuja Municipal|Wuye||9.0600|7.4300
NG-FC|Abuja Municipal|Mabushi||9.0800|7.4450
NG-FC|Abuja Municipal|Katampe|Katampe Extension|9.1150|7.4500
NG-FC|Abuja Municipal|Jahi||9.0950|7.4350
NG-FC|Abuja Municipal|Gwarinpa|Gwarimpa|9.1100|7.4050
NG-FC|Abuja Municipal|Life Camp||9.0800|7.4000
NG-FC|Abuja Municipal|Durumi||9.0200|7.4700
NG-FC|Abuja Municipal|Gudu||9.0050|7.4750
NG-FC|Abuja Municipal|Apo||8.9950|7.4950
NG-FC|Abuja Municipal|Lokogoma||8.9850|7.4650
NG-FC|Abuja Municipal|Kado||9.0850|7.4300
NG-FC|Abuja Municipal|Karu||9.0150|7.5800
NG-FC|Abuja Municipal|Nyanya||9.0000|7.5750
NG-FC|Abuja Municipal|Lugbe||8.9700|7.3800
NG-FC|Abuja Municipal|Karmo||9.0700|7.3850
NG-FC|Bwari|Kubwa||9.1550|7.3200
NG-FC|Bwari|Dutse|Dutse Alhaji|9.1300|7.4500
NG-RI|Port Harcourt|Old GRA|Old Government Reservation Area|4.7800|7.0050
NG-RI|Port Harcourt|D-Line|D Line|4.7950|7.0050
NG-RI|Port Harcourt|Diobu|Mile 1,Mile 2|4.7900|6.9950
NG-RI|Port Harcourt|Borokiri||4.7550|7.0300
NG-RI|Port Harcourt|Trans Amadi|Trans-Amadi|4.8100|7.0400
NG-RI|Obio/Akpor|GRA Phase 2|New GRA,GRA Phase II|4.8200|7.0000
NG-RI|Obio/Akpor|Rumuokoro||4.8650|7.0000
NG-RI|Obio/Akpor|Rumuola||4.8300|7.0050
NG-RI|Obio/Akpor|Woji||4.8300|7.0500
NG-RI|Obio/Akpor|Elekahia||4.8150|7.0250
NG-RI|Obio/Akpor|Choba||4.8950|6.9000
NG-KN|Nasarawa|Nassarawa GRA|Nasarawa GRA|12.0000|8.5350
NG-KN|Nasarawa|Bompai||12.0150|8.5400
NG-KN|Fagge|Sabon Gari|Sabon Gari Kano|12.0100|8.5250
NG-KN|Tarauni|Tarauni||11.9700|8.5500
NG-KN|Kano Municipal|Kofar Mata||11.9950|8.5050
NG-OY|Ibadan North|Bodija|Old Bodija,New Bodija|7.4300|3.9150
NG-OY|Ibadan North|Mokola||7.4050|3.8950
NG-OY|Ibadan North|Agodi|Agodi GRA|7.4050|3.9150
NG-OY|Ibadan North|Sango||7.4250|3.8950
NG-OY|Ibadan North|University of Ibadan|UI|7.4450|3.9000
NG-OY|Ibadan North-West|Dugbe||7.3900|3.8800
NG-OY|Ibadan North-West|Jericho|Jericho GRA|7.3950|3.8650
NG-OY|Ibadan South-West|Ring Road||7.3700|3.8800
NG-OY|Ibadan South-West|Oke Ado|Oke-Ado|7.3750|3.8850
NG-OY|Oluyole|Oluyole Estate||7.3600|3.8700
NG-OY|Ibadan South-East|Challenge||7.3400|3.8800
NG-OY|Ibadan North-East|Iwo Road||7.4050|3.9350
NG-KD|Kaduna North|Ungwan Rimi|Unguwan Rimi|10.5400|7.4450
NG-KD|Kaduna South|Barnawa||10.4800|7.4300
NG-KD|Kaduna North|Malali||10.5550|7.4450
NG-ED|Oredo|GRA Benin|Benin GRA|6.3200|5.6150
NG-ED|Oredo|Ring Road Benin||6.3350|5.6200
NG-ED|Egor|Uselu||6.3650|5.6050
NG-EN|Enugu North|Independence Layout||6.4500|7.5100
NG-EN|Enugu North|GRA Enugu|Enugu GRA|6.4550|7.5000
NG-EN|Enugu East|Trans Ekulu||6.4800|7.5200
NG-PL|Jos North|Rayfield||9.8600|8.9000
NG-AK|Uyo|Ewet Housing|Ewet Housing Estate|5.0250|7.9150
NG-CR|Calabar Municipal|Marian||4.9650|8.3300
NG-DE|Oshimili South|Okpanam Road||6.2150|6.7200
NG-AB|Aba North|Ariaria|Ariaria Market|5.1150|7.3450
NG-AN|Onitsha North|GRA Onitsha|Onitsha GRA|6.1600|6.7900
NG-KW|Ilorin West|GRA Ilorin|Ilorin GRA|8.4950|4.5500
NG-BO|Maiduguri|GRA Maiduguri|Maiduguri GRA|11.8400|13.1500`
