// Package address is the core of addrkit: the domain types of a postal
// address, a parser that labels every token of what people type, and a
// standardizer that turns the result into clean, canonical components with a
// record of every change it made.
//
// The package imports only the standard library. Nigeria is the default
// country, but every country works through the same model: ISO 3166-1 names,
// codes and aliases for all countries, first-level subdivisions (with ISO
// 3166-2 codes) where addrkit knows them, and per-country postcode formats and
// address ordering.
//
// Standardize is the entry point:
//
//	s, err := address.Standardize(ctx, address.Input{Text: "5, Ogunsiji Close, Off Allen Avenue, Ikeja, Lagos."})
//	fmt.Println(s.Line) // 5 Ogunsiji Close, Off Allen Avenue, Ikeja, Lagos, Nigeria
//
// Parsing never drops text silently: every token carries a Label, and what
// could not be placed in a component is listed in Standardized.Unresolved.
package address
