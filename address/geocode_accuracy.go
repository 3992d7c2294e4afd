package address

// The accuracy of a result: the radius around its point that holds the
// true location for 90% of results of its kind.

import "math"

// accuracyOf returns the radius of a result whose point came from source
// at the level: the table's for that kind (accuracy_table.go), else the
// table's for the level over all sources, else a radius from the size of
// what the level names, when the evaluation saw too few such results.
func accuracyOf(level MatchLevel, source string) float64 {
	if r, ok := accuracyRadii[string(level)+"/"+source]; ok {
		return r
	}
	if r, ok := accuracyRadii[string(level)]; ok {
		return r
	}
	return fallbackRadius[level]
}

// fallbackRadius is the radius of a level the calibration did not see
// often enough: about the size of what it names in Nigeria.
var fallbackRadius = map[MatchLevel]float64{
	LevelPremise: 100, LevelStreet: 2000, LevelPostcode: 10000, LevelNeighbourhood: 5000, LevelLocality: 15000,
	LevelLGA: 40000, LevelState: 150000, LevelCountry: 1000000,
}

// RoundRadius rounds a radius up to two significant digits (1,234 m ->
// 1,300 m), as the accuracy table holds them.
func RoundRadius(m float64) float64 {
	if m <= 0 {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(m))-1)
	return math.Ceil(m/p) * p
}
