package address_test

// The Nigerian corpora that TestEvalTyped scores, and the floors each half
// of each must hold on each gazetteer (docs/typed-corpus.md).

// typedFloors guards the figures of TestEvalTyped: for each gazetteer and
// half of the corpus, the share of labelled components and of states that
// must come out right, in per cent. Each was set 2 points below the figure
// measured when it was last raised (docs/typed-corpus.md); raise them when
// the parser gets better.
var typedFloors = []typedFloor{
	// the figures of docs/typed-corpus.md measured in its fourth round
	{"builtin", "tune", 92.7, 95.5},
	{"builtin", "held", 92.5, 95.9},
	{"nigeria", "tune", 90.7, 95.5},
	{"nigeria", "held", 92.0, 97.1},
}

// writtenFloors guards the figures of TestEvalTyped on writtenCorpus,
// each 3 points below the figure measured when it was written (more
// room than typedFloors': its halves are 80 lines).
var writtenFloors = []typedFloor{
	// measured when the corpus was written (docs/typed-corpus.md):
	// 97.67 / 97.32% components built-in, 96.51 / 96.55% Nigerian, every
	// state right
	{"builtin", "tune", 94.6, 97.0},
	{"builtin", "held", 94.3, 97.0},
	{"nigeria", "tune", 93.5, 97.0},
	{"nigeria", "held", 93.5, 97.0},
}

// blindFloors guards the figures of TestEvalTyped on blindCorpus, each 3
// points below the figure of its first change (its halves are about 100
// lines). Measured blind, before any change it showed: 93.71 / 93.23%
// components built-in, 90.86 / 92.31% Nigerian; states 100 / 97.87% and
// 100 / 98.94%.
var blindFloors = []typedFloor{
	// after the first change: 95.14 / 94.77% built-in, 93.71 / 94.15%
	// Nigerian; states unchanged
	{"builtin", "tune", 92.1, 97.0},
	{"builtin", "held", 91.7, 94.8},
	{"nigeria", "tune", 90.7, 97.0},
	{"nigeria", "held", 91.1, 95.9},
}

// blind2Floors guards the figures of TestEvalTyped on blind2Corpus, each
// 3 points below the figure measured after the changes its tuning half
// led to. Unseen, it measured 94.81 / 94.22% components built-in, 91.70 /
// 93.14% Nigerian (states 100 / 98.81%) before the changes blindCorpus led
// to, and 95.16 / 95.31%, 93.77 / 94.95% after them; then its tuning half
// was read: 97.23 / 95.31%, 96.19 / 94.95%.
var blind2Floors = []typedFloor{
	{"builtin", "tune", 94.2, 97.0},
	{"builtin", "held", 92.3, 95.8},
	{"nigeria", "tune", 93.1, 97.0},
	{"nigeria", "held", 91.9, 95.8},
}

// blind3Floors guards the figures of TestEvalTyped on blind3Corpus,
// each 3 points below the figure measured blind, before any change:
// 95.08 / 94.59% components built-in, 93.56 / 94.59% Nigerian; states
// 97.37 / 98.20% and 98.68 / 98.20%. After orgRunOn, the one change of
// its tuning half a review left standing: 96.21 / 94.59% and 94.70 /
// 94.59%; states 98.68 / 98.20% and 100 / 98.20%.
var blind3Floors = []typedFloor{
	{"builtin", "tune", 92.0, 94.3},
	{"builtin", "held", 91.5, 95.2},
	{"nigeria", "tune", 90.5, 95.6},
	{"nigeria", "held", 91.5, 95.2},
}

// blind4Floors guards the figures of TestEvalTyped on blind4Corpus,
// each 3 points below the figure measured blind, before any change (at
// ccea172): 93.82 / 95.82% components built-in, 93.54 / 95.18% Nigerian;
// states 100% on both halves and both gazetteers.
var blind4Floors = []typedFloor{
	{"builtin", "tune", 90.8, 97.0},
	{"builtin", "held", 92.8, 97.0},
	{"nigeria", "tune", 90.5, 97.0},
	{"nigeria", "held", 92.1, 97.0},
}

// blind5Floors guards the figures of TestEvalTyped on blind5Corpus, each 3
// points below the figure measured blind, before any change (at 093e9a4):
// 91.01 / 93.27% components built-in, 90.65 / 92.95% Nigerian; states
// 98.91 / 99.07% built-in, 98.91 / 100% Nigerian.
var blind5Floors = []typedFloor{
	{"builtin", "tune", 88.0, 95.9},
	{"builtin", "held", 90.2, 96.0},
	{"nigeria", "tune", 87.6, 95.9},
	{"nigeria", "held", 89.9, 97.0},
}

// blind6Floors guards the figures of TestEvalTyped on blind6Corpus, each 3
// points below the figure measured blind, before any change (at 48b4346):
// 96.84 / 96.43% components built-in, 96.26 / 95.13% Nigerian; states
// 100 / 98.94% on both gazetteers.
var blind6Floors = []typedFloor{
	{"builtin", "tune", 93.8, 97.0},
	{"builtin", "held", 93.4, 95.9},
	{"nigeria", "tune", 93.2, 97.0},
	{"nigeria", "held", 92.1, 95.9},
}

// blind7Floors guards the figures of TestEvalTyped on blind7Corpus, each 3
// points below the figure measured blind, before any change (at 0721add):
// 93.93 / 94.62% components built-in, 93.67 / 93.28% Nigerian; states
// 99.01 / 97.98% built-in, 100 / 100% Nigerian.
var blind7Floors = []typedFloor{
	{"builtin", "tune", 90.9, 96.0},
	{"builtin", "held", 91.6, 94.9},
	{"nigeria", "tune", 90.6, 97.0},
	{"nigeria", "held", 90.2, 97.0},
}

// blind8Floors guards the figures of TestEvalTyped on blind8Corpus, each 3
// points below the figure measured blind, before any change (at 8744760):
// 94.95 / 96.00% components built-in, 93.94 / 95.47% Nigerian; states
// 98.06 / 98.97% built-in, 100 / 98.97% Nigerian.
var blind8Floors = []typedFloor{
	{"builtin", "tune", 91.9, 95.0},
	{"builtin", "held", 93.0, 95.9},
	{"nigeria", "tune", 90.9, 97.0},
	{"nigeria", "held", 92.4, 95.9},
}

// blind9Floors guards the figures of TestEvalTyped on blind9Corpus, each 3
// points below the figure measured blind, before any change for it (at
// ca580a2, whose changes of the day were for other countries and moved no
// Nigerian figure): 94.95 / 95.80% components built-in, 93.18 / 94.29%
// Nigerian; states 100% on both halves and gazetteers.
var blind9Floors = []typedFloor{
	{"builtin", "tune", 91.9, 97.0},
	{"builtin", "held", 92.8, 97.0},
	{"nigeria", "tune", 90.1, 97.0},
	{"nigeria", "held", 91.2, 97.0},
}

// blind10Floors guards the figures of TestEvalTyped on blind10Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// d655532, whose changes of the day were for speed and other countries):
// 94.65 / 96.06% components built-in, 94.65 / 94.93% Nigerian; states
// 100 / 98.11% on both gazetteers.
var blind10Floors = []typedFloor{
	{"builtin", "tune", 91.6, 97.0},
	{"builtin", "held", 93.0, 95.1},
	{"nigeria", "tune", 91.6, 97.0},
	{"nigeria", "held", 91.9, 95.1},
}

// blind11Floors guards the figures of TestEvalTyped on blind11Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// b4aa012): 89.61 / 88.47% components built-in, 89.13 / 87.58% Nigerian;
// states 89.52 / 82.61% built-in, 90.48 / 88.70% Nigerian.
var blind11Floors = []typedFloor{
	{"builtin", "tune", 86.6, 86.5},
	{"builtin", "held", 85.4, 79.6},
	{"nigeria", "tune", 86.1, 87.4},
	{"nigeria", "held", 84.5, 85.7},
}

// blind14Floors guards the figures of TestEvalTyped on blind14Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// a033803): 92.45 / 91.96% components built-in, 92.87 / 91.67% Nigerian;
// states 96.06 / 97.85% built-in, 98.43 / 97.85% Nigerian.
var blind14Floors = []typedFloor{
	{"builtin", "tune", 89.4, 93.0},
	{"builtin", "held", 88.9, 94.8},
	{"nigeria", "tune", 89.8, 95.4},
	{"nigeria", "held", 88.6, 94.8},
}

// blind13Floors guards the figures of TestEvalTyped on blind13Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 9317647): 94.41 / 93.66% components built-in, 94.41 / 93.19% Nigerian;
// states 94.34 / 96.49% built-in, 97.17 / 95.61% Nigerian (96.49% after
// the revert of the road-end rule it showed wrong).
var blind13Floors = []typedFloor{
	{"builtin", "tune", 91.4, 91.3},
	{"builtin", "held", 90.6, 93.4},
	{"nigeria", "tune", 91.4, 94.1},
	{"nigeria", "held", 90.1, 92.6},
}

// blind12Floors guards the figures of TestEvalTyped on blind12Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 46e14bd): 96.08 / 97.99% components built-in, 96.31 / 97.49% Nigerian;
// states 95.45 / 100% built-in, 97.27 / 100% Nigerian.
var blind12Floors = []typedFloor{
	{"builtin", "tune", 93.0, 92.4},
	{"builtin", "held", 94.9, 97.0},
	{"nigeria", "tune", 93.3, 94.2},
	{"nigeria", "held", 94.4, 97.0},
}

// blind15Floors guards the figures of TestEvalTyped on blind15Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 694b668): 93.75 / 93.90% components built-in, 93.20 / 94.08% Nigerian;
// states 99.23 / 99.29% on both.
var blind15Floors = []typedFloor{
	{"builtin", "tune", 90.7, 96.2},
	{"builtin", "held", 90.9, 96.2},
	{"nigeria", "tune", 90.2, 96.2},
	{"nigeria", "held", 91.0, 96.2},
}

// blind16Floors guards the figures of TestEvalTyped on blind16Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 1e033d6): 94.36 / 91.15% components built-in, 93.97 / 90.09% Nigerian;
// states 99.17 / 99.33% on both.
var blind16Floors = []typedFloor{
	{"builtin", "tune", 91.3, 96.1},
	{"builtin", "held", 88.1, 96.3},
	{"nigeria", "tune", 90.9, 96.1},
	{"nigeria", "held", 87.0, 96.3},
}

// blind17Floors guards the figures of TestEvalTyped on blind17Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// eda8893, the built-in store not yet preloaded as the server preloads it):
// 89.34 / 88.83% components built-in, 89.15 / 88.08% Nigerian; states
// 99.27 / 99.25% built-in, 100 / 100% Nigerian.
var blind17Floors = []typedFloor{
	{"builtin", "tune", 86.3, 96.2},
	{"builtin", "held", 85.8, 96.2},
	{"nigeria", "tune", 86.1, 97.0},
	{"nigeria", "held", 85.0, 97.0},
}

// blind18Floors guards the figures of TestEvalTyped on blind18Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// cf80079): 95.06 / 93.62% components built-in, 93.42 / 92.41% Nigerian;
// states 98.46 / 100% built-in, 99.23 / 100% Nigerian.
var blind18Floors = []typedFloor{
	{"builtin", "tune", 92.0, 95.4},
	{"builtin", "held", 90.6, 97.0},
	{"nigeria", "tune", 90.4, 96.2},
	{"nigeria", "held", 89.4, 97.0},
}

// blind19Floors guards the figures of TestEvalTyped on blind19Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 4324a5c): 84.73 / 86.12% components built-in, 84.92 / 85.41% Nigerian;
// states 99.24 / 99.28% on both.
var blind19Floors = []typedFloor{
	{"builtin", "tune", 81.7, 96.2},
	{"builtin", "held", 83.1, 96.2},
	{"nigeria", "tune", 81.9, 96.2},
	{"nigeria", "held", 82.4, 96.2},
}

// blind20Floors guards the figures of TestEvalTyped on blind20Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 89c3b1f, after the session's changes for blind19Corpus): 90.68 / 93.05%
// components built-in, 90.48 / 92.05% Nigerian; states 100 / 98.62% on
// both.
var blind20Floors = []typedFloor{
	{"builtin", "tune", 87.6, 97.0},
	{"builtin", "held", 90.0, 95.6},
	{"nigeria", "tune", 87.4, 97.0},
	{"nigeria", "held", 89.0, 95.6},
}

// blind21Floors guards the figures of TestEvalTyped on blind21Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// 86edaba): 92.13 / 90.33% components built-in, 92.70 / 89.71% Nigerian;
// states 100 / 100% on both.
var blind21Floors = []typedFloor{
	{"builtin", "tune", 89.1, 97.0},
	{"builtin", "held", 87.3, 97.0},
	{"nigeria", "tune", 89.7, 97.0},
	{"nigeria", "held", 86.7, 97.0},
}

// blind22Floors guards the figures of TestEvalTyped on blind22Corpus, each
// 3 points below the figure measured blind, before any change for it (at
// a0ceeee, after the session's changes for blind21Corpus): 93.54 / 90.46%
// components built-in, 92.50 / 90.12% Nigerian; states 99.20 / 97.24% on
// both.
var blind22Floors = []typedFloor{
	{"builtin", "tune", 90.5, 96.2},
	{"builtin", "held", 87.4, 94.2},
	{"nigeria", "tune", 89.5, 96.2},
	{"nigeria", "held", 87.1, 94.2},
}

// typedFloor is the least share of labelled components and of states, in
// per cent, one half of a corpus must get right on one gazetteer.
type typedFloor struct {
	gazetteer, half   string
	components, state float64
}

// ngCorpora are the Nigerian corpora TestEvalTyped scores, each with its
// floors, the most lines whose state the imported gazetteer may lose where
// the built-in gets it right, and the least lines TestTypedCorpus accepts.
var ngCorpora = []struct {
	file         string
	floors       []typedFloor
	maxStateLost int
	minLines     int
}{
	{typedCorpus, typedFloors, maxStateLost, 450},
	{writtenCorpus, writtenFloors, 0, 150},
	{blind2Corpus, blind2Floors, 0, 150},
	{blindCorpus, blindFloors, 0, 180},
	{blind3Corpus, blind3Floors, 0, 170},
	{blind4Corpus, blind4Floors, 0, 180},
	{blind5Corpus, blind5Floors, 0, 180},
	{blind6Corpus, blind6Floors, 0, 180},
	{blind7Corpus, blind7Floors, 0, 180},
	{blind8Corpus, blind8Floors, 0, 180},
	{blind9Corpus, blind9Floors, 0, 180},
	{blind10Corpus, blind10Floors, 0, 180},
	{blind11Corpus, blind11Floors, 0, 200},
	{blind12Corpus, blind12Floors, 0, 200},
	{blind13Corpus, blind13Floors, 0, 200},
	{blind14Corpus, blind14Floors, 0, 200},
	{blind15Corpus, blind15Floors, 0, 250},
	{blind16Corpus, blind16Floors, 0, 250},
	{blind17Corpus, blind17Floors, 0, 250},
	{blind18Corpus, blind18Floors, 0, 250},
	{blind19Corpus, blind19Floors, 0, 250},
	{blind20Corpus, blind20Floors, 0, 250},
	{blind21Corpus, blind21Floors, 0, 250},
	{blind22Corpus, blind22Floors, 0, 250},
}

// typedCorpus is the corpus of Nigerian addresses typed the way people
// type them, labelled by hand (docs/typed-corpus.md).
const typedCorpus = "testdata/ng-typed.txt"

// writtenCorpus is the corpus of Nigerian addresses as company contact
// pages, branch lists and footers write them, labelled by hand by the
// rules of typedCorpus (docs/typed-corpus.md).
const writtenCorpus = "testdata/ng-written.txt"

// blindCorpus is a third corpus of Nigerian addresses as public web
// sources write them, written and labelled by the rules of typedCorpus by
// someone who had never run addrkit, and scored before any change was
// made for it (docs/typed-corpus.md).
const blindCorpus = "testdata/ng-blind.txt"

// blind2Corpus is a second blind corpus, written like blindCorpus and
// scored before the changes blindCorpus led to; only its tuning half has
// been read since (docs/typed-corpus.md).
const blind2Corpus = "testdata/ng-blind2.txt"

// blind3Corpus is a third blind corpus, written like blindCorpus by a
// session that never ran addrkit (docs/typed-corpus.md), and scored before
// any change was made for it.
const blind3Corpus = "testdata/ng-blind3.txt"

// blind4Corpus is a fourth blind corpus, written like blind3Corpus
// (docs/typed-corpus.md), and scored before any change was made for it.
const blind4Corpus = "testdata/ng-blind4.txt"

// blind5Corpus is a fifth blind corpus, written like blind4Corpus with the
// state left out of 40% of its lines and written in a short form in a
// fifth (docs/typed-corpus.md), and scored before any change for it.
const blind5Corpus = "testdata/ng-blind5.txt"

// blind6Corpus is a sixth blind corpus, written like blind5Corpus from
// footers, pickup stations, courier hubs and agents' shops, 62% of its
// lines outside the state capitals (docs/typed-corpus.md), and scored
// before any change for it.
const blind6Corpus = "testdata/ng-blind6.txt"

// blind7Corpus is a seventh blind corpus, written like blind6Corpus from
// branch lists and store locators (table rows joined with " | ", branch
// captions), by a helper that never ran addrkit.
const blind7Corpus = "testdata/ng-blind7.txt"

// blind8Corpus is an eighth blind corpus, written like blind7Corpus from
// directory listings, registers and shop bios: chained directions ("Off
// X, off Y", "beside X, opposite Y"), addresses without a house number,
// full stops and doubled commas, by a helper that never ran addrkit.
const blind8Corpus = "testdata/ng-blind8.txt"

// blind9Corpus is a ninth blind corpus, written like blind8Corpus from
// organisations' own pages: contact pages and footers, branch lists of
// banks, pharmacies and couriers, ministries and agencies (branch
// captions, head offices in named towers, plots, industrial estates), by
// a helper that never ran addrkit.
const blind9Corpus = "testdata/ng-blind9.txt"

// blind10Corpus is a tenth blind corpus, written like blind9Corpus from
// the pages of state ministries, hospitals, colleges, LGA secretariats,
// emirate councils and branches in LGA seats, weighted away from Lagos and
// Abuja to the North, the Middle Belt and the small towns of the South
// (P.M.B.s, "Along"/"Off" roads, Km markers, Sabon Gari and Tudun Wada),
// by a helper that never ran addrkit.
const blind10Corpus = "testdata/ng-blind10.txt"

// blind11Corpus is an eleventh blind corpus: addresses as customers type
// them into delivery and checkout forms and order messages (lower case,
// no commas, shorthand, Pidgin directions, pasted phones, typos), by a
// helper that never ran addrkit.
const blind11Corpus = "testdata/ng-blind11.txt"

// blind12Corpus is a twelfth blind corpus, written like blind9Corpus from
// company contact pages, branch lists and footers in every state (branch
// captions, the state left out or named by a city, towns and streets
// whose names other states share), by a helper that never ran addrkit.
const blind12Corpus = "testdata/ng-blind12.txt"

// blind13Corpus is a thirteenth blind corpus, written from the pages of
// government agencies and parastatals, LGA secretariats, hospitals,
// campuses, hotels and factories in every state (P.M.B.s, Km markers,
// "along" roads, letterheads flattened with bars and dashes), by a helper
// that never ran addrkit.
const blind13Corpus = "testdata/ng-blind13.txt"

// blind14Corpus is a fourteenth blind corpus, written from newspaper
// notices, health-insurance provider lists, pharmacy and school
// directories, parishes and mosques, POS points, motor parks, filling
// stations on highways, hotel listings and NYSC letters in every state
// (lead-ins and captions, LGA columns flattened, meter numbers), by a
// helper that never ran addrkit.
const blind14Corpus = "testdata/ng-blind14.txt"

// blind15Corpus is a fifteenth blind corpus, written as company contact
// pages, branch lists and footers print addresses (the sealed set's
// sources) from insurers, microfinance banks, telecom service centres,
// supermarkets, dealers, laboratories, distributors, oil-service firms,
// law firms, printers, NGOs, agro-processors and co-operatives in every
// state, by a helper that never ran addrkit.
const blind15Corpus = "testdata/ng-blind15.txt"

// blind16Corpus is a sixteenth blind corpus, written like blind15Corpus
// from other trades again: estate developers, hauliers, restaurants,
// stores, manufacturers' head offices and factories, media houses,
// airlines and travel agents, embassies, gyms, event centres, private
// hospitals, tech hubs and state enterprises, by a helper that never ran
// addrkit, after the changes blind15Corpus led to.
const blind16Corpus = "testdata/ng-blind16.txt"

// blind17Corpus is a seventeenth blind corpus, written like blind15Corpus
// from trades none of the others used: professional bodies, sports clubs,
// schools of nursing, universities' liaison offices, builders,
// consultants, clearing agents, security and cleaning firms, salons,
// workshops, solar installers, building-material and tile shops,
// laundries and photo studios, by a helper that never ran addrkit.
const blind17Corpus = "testdata/ng-blind17.txt"

// blind18Corpus is an eighteenth blind corpus, written like blind15Corpus
// from trades none of the others used: pension fund administrators,
// water factories, farms, rice mills, gas plants, publishers, shipping
// lines, stockbrokers, bureaux de change, veterinary clinics, driving
// schools, mortgage banks, depots, fertility centres, funeral homes and
// charities, by a helper that never ran addrkit.
const blind18Corpus = "testdata/ng-blind18.txt"

// blind19Corpus is a nineteenth blind corpus, written like blind15Corpus
// from trades none of the others used: electricity companies, trade
// unions, student hostels, chambers of commerce and trade associations,
// examination bodies and CBT centres, pilgrims' welfare boards, political
// parties' secretariats, foreign cultural institutes and visa centres,
// seed dealers, caterers, pay-TV providers and galleries, by a helper
// that never ran addrkit.
const blind19Corpus = "testdata/ng-blind19.txt"

// blind20Corpus is a twentieth blind corpus, written like blind15Corpus
// from trades none of the others used: the armed forces' public offices,
// fabric and aso-oke traders, motorcycle and keke dealers, architects and
// interior designers, cosmetics shops, livestock, grain and timber
// markets, seminaries and Islamic schools, clinics, daycares, museums,
// generator dealers, pest control, UN agencies and study-abroad firms, by
// a helper that never ran addrkit.
const blind20Corpus = "testdata/ng-blind20.txt"

// blind21Corpus is a twenty-first blind corpus, written like
// blind15Corpus from trades none of the others used: betting shops and
// lottery regulators, waste-management agencies and recyclers, quantity
// surveyors and testing laboratories, mining firms, socio-cultural
// unions and service clubs, regional security outfits, medical-equipment
// dealers, pet shops, amusement parks, vehicle inspection offices,
// nurseries, tractor-hire services and dredgers, by a helper that never
// ran addrkit.
const blind21Corpus = "testdata/ng-blind21.txt"

// blind22Corpus is a twenty-second blind corpus, written like
// blind15Corpus from trades none of the others used, after the changes
// blind21Corpus led to: old students' associations, ambulance services,
// sports shops, commodity exporters, kitchen-equipment dealers, uniform
// suppliers, scouts, stationers, film studios, surveyors, sewing-machine
// dealers and more, by a helper that never ran addrkit.
const blind22Corpus = "testdata/ng-blind22.txt"
