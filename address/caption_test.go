package address

import (
	"slices"
	"strings"
	"testing"
)

// TestCaptionColon checks which colons end a caption that opens the text
// (captionColon), and the times of day a caption may not stand before.
func TestCaptionColon(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Head Office: 3rd Floor, 21 Gbagada Expressway", true},
		{"Festac Town Branch: 2nd Avenue, Festac Town", true},
		{"Lagos Office: 5 Amala Street", true},
		{"Address: 12 Allen Avenue", false},              // one word: a field's name as often
		{"Flat No: 5, Allen Avenue", false},              // a marker
		{"P.O. Box: 1234, Ikeja", false},                 // a marker
		{"Attn: Mr Chukwu, 15 Ogui Road", false},         // one word, a name after
		{"Surulere/oke Igele: In Front Of X", false},     // a name after
		{"Opening hours: 8:30am - 5pm, 12 Allen", false}, // a time
		{"Opening hours: 9 am, 12 Allen Ave", false},
		{"Horaires du jour: 9h-18h, 8 rue du Bac", false},
		{"Office 12: 3 Allen Avenue", false}, // a digit in the caption
		{"İstiklal Caddesi No: 150", false},  // a marker
		{"Head Office:3rd Floor", false},     // no space after
		{"One Two Three Four Five: 12 Allen Avenue", false},
	} {
		i := strings.IndexByte(tc.text, ':')
		if got := captionColon(tc.text, i); got != tc.want {
			t.Errorf("captionColon(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestTakeBranchCaption checks the branch captions set apart after the
// organization's name (takeBranchCaption), and the parts that look like
// one and name a place.
func TestTakeBranchCaption(t *testing.T) {
	for _, tc := range []struct{ text, rest, caption string }{
		{"Access Bank, Ikeja Branch, 12 Allen Avenue, Ikeja", "Access Bank, 12 Allen Avenue, Ikeja", "Ikeja Branch"},
		{"Union Bank | Festac Branch | 21 Road, Festac Town", "Union Bank | 21 Road, Festac Town", "Festac Branch"},
		{"LAPO Microfinance Bank, Ikotun Branch: 30 Idimu Rd", "LAPO Microfinance Bank, 30 Idimu Rd", "Ikotun Branch"},
		{"Access Bank Plc - Oba Akran Branch, 29 Oba Akran Avenue", "Access Bank Plc, 29 Oba Akran Avenue", "Oba Akran Branch"},
		// a utility's, a union's: a dash before the caption parts as a comma would
		{"Kaduna Electric - Head Office: Ahmadu Bello Way, Kaduna", "Kaduna Electric, Ahmadu Bello Way, Kaduna", "Head Office"},
		{"JED - Bauchi Business Unit: Murtala Mohammed Way, Bauchi", "JED, Murtala Mohammed Way, Bauchi", "Bauchi Business Unit"},
		{"NUJ, Borno State Council - Damboa Road, Maiduguri", "NUJ, Damboa Road, Maiduguri", "Borno State Council"},
		{"IBEDC - Ogun Region: Oke-Ilewo, Abeokuta, Ogun State", "IBEDC, Oke-Ilewo, Abeokuta, Ogun State", "Ogun Region"},
		// a uniformed service's
		{"Vigilante Group of Nigeria, Taraba State Command, Jalingo, Taraba State", "Vigilante Group of Nigeria, Jalingo, Taraba State", "Taraba State Command"},
		{"Federal Road Safety Corps, Kogi Sector Command, Km 5, Lokoja-Abuja Road", "Federal Road Safety Corps, Km 5, Lokoja-Abuja Road", "Kogi Sector Command"},
		{"The Boys' Brigade Nigeria, National Headquarters, 31 Moloney Street, Obalende", "The Boys' Brigade Nigeria, 31 Moloney Street, Obalende", "National Headquarters"},
		// a state's chapter or command, with only a place after it
		{"Afenifere Renewal Group, Ondo State Chapter, Akure", "Afenifere Renewal Group, Akure", "Ondo State Chapter"},
		{"Zenith Bank, Head Office, Plot 84 Ajose Adeogun Street", "Zenith Bank, Plot 84 Ajose Adeogun Street", "Head Office"},
		{"ACCESS BANK, IKEJA BRANCH, 12 ALLEN AVENUE", "ACCESS BANK, 12 ALLEN AVENUE", "IKEJA BRANCH"},
		{"First Bank, 9th Mile Branch, Enugu-Onitsha Road", "First Bank, Enugu-Onitsha Road", "9th Mile Branch"},
		{"Obat Oil Limited, Depot: Plot A4, Kirikiri", "Obat Oil Limited, Plot A4, Kirikiri", "Depot"},
		// not captions
		{"Amarata, by INEC office, Yenagoa", "Amarata, by INEC office, Yenagoa", ""},                                                       // a landmark
		{"Amarata, INEC office, Yenagoa", "Amarata, INEC office, Yenagoa", ""},                                                             // an organization's office
		{"NIPOST, Post Office, Yaba", "NIPOST, Post Office, Yaba", ""},                                                                     // a place
		{"Wema Bank, Ministry of Works Office, Ado", "Wema Bank, Ministry of Works Office, Ado", ""},                                       // four words: an organization word
		{"Access Bank, Office 12, Allen Avenue", "Access Bank, Office 12, Allen Avenue", ""},                                               // a digit
		{"Access Bank, Ikeja Branch", "Access Bank, Ikeja Branch", ""},                                                                     // nothing after it
		{"Ikeja Branch, 12 Allen Avenue", "Ikeja Branch, 12 Allen Avenue", ""},                                                             // the first part (takeCaption's)
		{"NIMC Office, Bwari Area Council, Plot 5", "NIMC Office, Bwari Area Council, Plot 5", ""},                                         // an LGA of the FCT
		{"Zenith Bank, Ikeja Local Government Council, 12 Awolowo Way", "Zenith Bank, Ikeja Local Government Council, 12 Awolowo Way", ""}, // an LGA's
		{"Zenith Bank, Lekki Free Trade Zone, Plot 5", "Zenith Bank, Lekki Free Trade Zone, Plot 5", ""},                                   // a place
		{"PENGASSAN - Lagos Zone | 14 Kofo Abayomi Street", "PENGASSAN, 14 Kofo Abayomi Street", "Lagos Zone"},
	} {
		rest, caption := takeBranchCaption(tc.text)
		if rest != tc.rest || caption != tc.caption {
			t.Errorf("takeBranchCaption(%q) = %q, %q; want %q, %q", tc.text, rest, caption, tc.rest, tc.caption)
		}
	}
}

// TestCaptionWords checks the captions a footer writes before a colon: a
// premises' word alone opening the text, and a caption's word before a
// number anywhere.
func TestCaptionWords(t *testing.T) {
	for _, tc := range []struct{ text, rest, caption string }{
		{"Office: 17 Ogudu Road, Ogudu", "17 Ogudu Road, Ogudu", "Office"},
		{"Showroom: Plot 54, Life Camp, Abuja", "Plot 54, Life Camp, Abuja", "Showroom"},
		{"Workshop: Osusu Rd, Aba", "Osusu Rd, Aba", "Workshop"},
		{"Ward: 3, Ikeja", "Ward: 3, Ikeja", ""}, // a field's name
		{"Shop: 5, Alaba Market", "Shop: 5, Alaba Market", ""},
		// a name before a branch's own caption is the organization's
		{"Nigeria Mining Cadastre Office | Kaduna Zonal Office | 11 Constitution Road", "Nigeria Mining Cadastre Office,Kaduna Zonal Office | 11 Constitution Road", ""},
	} {
		rest, caption := takeCaption(tc.text, "NG")
		if rest != tc.rest || caption != tc.caption {
			t.Errorf("takeCaption(%q) = %q, %q; want %q, %q", tc.text, rest, caption, tc.rest, tc.caption)
		}
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Novena University, Ogume - Abuja Liaison Office: 21 Yedseram Street", true},
		{"Ikoyi Showroom: Plot 5, Bourdillon Road", true},
		{"Head Office: Opposite Shoprite", false}, // no number: takeCaption's
		{"Branch Office: 8:30am to 4pm", false},   // a time
		{"Gate: 2, Ikeja", false},
	} {
		i := strings.Index(tc.text, ":")
		if got := captionWordColon(tc.text, i); got != tc.want {
			t.Errorf("captionWordColon(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestTakeShortNames checks the short names in brackets set apart after
// an organization's name, and the brackets that hold none.
func TestTakeShortNames(t *testing.T) {
	for _, tc := range []struct {
		text, rest string
		short      []string
	}{
		{"Peoples Democratic Party (PDP), 8 Ali Akilu Road", "Peoples Democratic Party, 8 Ali Akilu Road", []string{"PDP"}},
		{"Teachers Registration Council of Nigeria (TRCN) - Lagos State Council: 12 Ojuelegba Road", "Teachers Registration Council of Nigeria - Lagos State Council: 12 Ojuelegba Road", []string{"TRCN"}},
		{"Council for the Regulation of Engineering in Nigeria (COREN), Wuse", "Council for the Regulation of Engineering in Nigeria, Wuse", []string{"COREN"}},
		{"African Democratic Congress (ADC) Lagos | 51 Ikotun Road", "African Democratic Congress, Lagos | 51 Ikotun Road", []string{"ADC"}},
		// not short names
		{"Total Filling Station (Ojota), Ikorodu Road", "Total Filling Station (Ojota), Ikorodu Road", nil},                       // a place
		{"Ibadan Electricity Distribution Plc (IBEDC), Ring Road", "Ibadan Electricity Distribution Plc (IBEDC), Ring Road", nil}, // letters the name does not open (Company)
		{"KOSOFE LOCAL GOVT (KLG), KETU", "KOSOFE LOCAL GOVT (KLG), KETU", nil},                                                   // all in capitals
		{"Mile 2 (M), Lagos", "Mile 2 (M), Lagos", nil},                                                                           // one letter
	} {
		rest, short := takeShortNames(tc.text)
		if rest != tc.rest || !slices.Equal(short, tc.short) {
			t.Errorf("takeShortNames(%q) = %q, %q; want %q, %q", tc.text, rest, short, tc.rest, tc.short)
		}
	}
}

// TestTakeDescriptions checks the trades described in brackets after an
// organization's name set apart, and the brackets that name a place, a
// landmark or part of the name kept.
func TestTakeDescriptions(t *testing.T) {
	for _, tc := range []struct {
		text, rest string
		desc       []string
	}{
		{"Danjuma Bello & Associates (Quantity Surveyors), 7 Magaji Rumfa Road", "Danjuma Bello & Associates, 7 Magaji Rumfa Road", []string{"Quantity Surveyors"}},
		{"Haruna Electricals (Generators & ACs), 12 Zaria Road, Kano", "Haruna Electricals, 12 Zaria Road, Kano", []string{"Generators & ACs"}},
		{"The Garden Place (Plants, Pots & Landscaping), Chevron Drive", "The Garden Place, Chevron Drive", []string{"Plants, Pots & Landscaping"}},
		{"Suite 4, Okafor Partners Ltd (Chartered Accountants) | Wuse II", "Suite 4, Okafor Partners Ltd | Wuse II", []string{"Chartered Accountants"}},
		// not descriptions
		{"Total Filling Station (Ojota), Ikorodu Road", "Total Filling Station (Ojota), Ikorodu Road", nil},             // a place, one word
		{"Shoprite (Ikeja City Mall), Alausa", "Shoprite (Ikeja City Mall), Alausa", nil},                               // a landmark
		{"Federal College of Education (Technical), Gusau", "Federal College of Education (Technical), Gusau", nil},     // one word
		{"GTBank (Allen Avenue Branch), Ikeja", "GTBank (Allen Avenue Branch), Ikeja", nil},                             // a street
		{"Primary School (Sabon Garin Kwaido), Zaria", "Primary School (Sabon Garin Kwaido), Zaria", nil},               // a place of three words
		{"Suite 4, Plot 12 (Block 3 & 4), Wuse", "Suite 4, Plot 12 (Block 3 & 4), Wuse", nil},                           // a number
		{"12 Allen Avenue (Opposite Mr Biggs & Sons), Ikeja", "12 Allen Avenue (Opposite Mr Biggs & Sons), Ikeja", nil}, // a landmark's relation
		{"12 Allen Avenue (Ikeja, Lagos)", "12 Allen Avenue (Ikeja, Lagos)", nil},                                       // places, after a number
		{"Tunde Stores (Ogba & Agege), Lagos", "Tunde Stores (Ogba & Agege), Lagos", nil},                               // two places: no plural
		{"Total Filling Station (Ojota Bus Stop & Park)", "Total Filling Station (Ojota Bus Stop & Park)", nil},         // a bus stop
		{"UNTH (Senior Staff Quarters), Enugu", "UNTH (Senior Staff Quarters), Enugu", nil},                             // an estate
	} {
		rest, desc := takeDescriptions(tc.text)
		if rest != tc.rest || !slices.Equal(desc, tc.desc) {
			t.Errorf("takeDescriptions(%q) = %q, %q; want %q, %q", tc.text, rest, desc, tc.rest, tc.desc)
		}
	}
}

// TestNameLists checks the lists of an organization's name joined, and the
// parts that list places instead.
func TestNameLists(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Aba Chamber of Commerce, Industry, Mines and Agriculture, ACCIMA House, Aba", "Aba Chamber of Commerce Industry Mines and Agriculture, ACCIMA House, Aba"},
		{"Ministry of Works, Housing and Transport, Alausa, Ikeja", "Ministry of Works Housing and Transport, Alausa, Ikeja"},
		{"Warri Chamber of Commerce, Industry, Mines and Agriculture (WACCIMA), 3 Okere Road", "Warri Chamber of Commerce Industry Mines and Agriculture (WACCIMA), 3 Okere Road"},
		// not lists of the name
		{"Federal Ministry of Education, Lagos and Ogun", "Federal Ministry of Education, Lagos and Ogun"},           // states
		{"Ministry of Lands, 12 Allen and Sons Street, Ikeja", "Ministry of Lands, 12 Allen and Sons Street, Ikeja"}, // a number, a street
		{"Bank of Industry, Ikeja, Lagos", "Bank of Industry, Ikeja, Lagos"},                                         // no "and"
		{"Bank of Industry, Ikeja, Lekki and Ajah", "Bank of Industry, Ikeja, Lekki and Ajah"},                       // no list's head
		{"College of Agriculture, Science and Technology, Lafia", "College of Agriculture Science and Technology, Lafia"},
		{"Chamber of Commerce; Industry, Mines and Agriculture", "Chamber of Commerce Industry Mines and Agriculture"}, // any separator
	} {
		if got := nameLists(tc.text, "NG"); got != tc.want {
			t.Errorf("nameLists(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestOrgDash checks the dashes that end an organization's name opening
// the text, and those that join places' names.
func TestOrgDash(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Funke Beauty & Cosmetics - Basiri, Ado-Ekiti", "Funke Beauty & Cosmetics, Basiri, Ado-Ekiti"},
		{"Total Filling Station - Ikorodu Road, Ojota", "Total Filling Station, Ikorodu Road, Ojota"},
		{"Ibadan - Ife Road, Ibadan", "Ibadan - Ife Road, Ibadan"},                           // a road between two places
		{"12 Allen Avenue - Ikeja", "12 Allen Avenue - Ikeja"},                               // no name opens it
		{"Ikeja, Shoprite Plaza - Lagos", "Ikeja, Shoprite Plaza - Lagos"},                   // after a comma
		{"Funke Beauty & Cosmetics - Zenith Bank", "Funke Beauty & Cosmetics - Zenith Bank"}, // another organization
		{"National Library of Nigeria - Headquarters: Sanusi Dantata House", "National Library of Nigeria, Headquarters: Sanusi Dantata House"},
	} {
		if got := orgDash(tc.text); got != tc.want {
			t.Errorf("orgDash(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
