// Package pluscode implements Open Location Codes ("Plus Codes"), the
// published algorithm of github.com/google/open-location-code: validity
// checks, encoding, decoding, shortening a code against a reference point
// and recovering a short code from one.
//
// Full codes name a cell of the whole earth ("6FR5JFM7+Q9"); short codes
// drop leading digits and need a reference point nearby ("JFM7+Q9, Lagos").
package pluscode

import (
	"errors"
	"math"
	"strings"
)

const (
	alphabet  = "23456789CFGHJMPQRVWX"
	separator = '+'
	sepPos    = 8
	padding   = '0'
	base      = 20
	pairLen   = 10 // digits of the pair section
	maxLen    = 15 // digits that carry precision

	gridRows = 5
	gridCols = 4
	gridLen  = maxLen - pairLen

	latMax = 90
	lngMax = 180

	// pairPrecision is the place value of the last pair digit, as an
	// integer multiple of a degree.
	pairPrecision = 8000 // base^3
	pairFirst     = 160000
	// finalLat and finalLng are the integer units per degree at the
	// maximum code length.
	finalLat = pairPrecision * 3125 // gridRows^gridLen
	finalLng = pairPrecision * 1024 // gridCols^gridLen

	minTrimmable = 6
)

// Errors of the package.
var (
	ErrInvalid  = errors.New("pluscode: invalid code")
	ErrNotFull  = errors.New("pluscode: not a full code")
	ErrNotShort = errors.New("pluscode: not a short code")
	ErrLength   = errors.New("pluscode: invalid code length")
	ErrPadded   = errors.New("pluscode: padded codes cannot be shortened")
)

// Area is the cell a code names: its south-west corner, its north-east
// corner and the number of digits of the code.
type Area struct {
	LatLo, LngLo, LatHi, LngHi float64
	Len                        int
}

// Center returns the centre of the area, clipped to the earth.
func (a Area) Center() (lat, lng float64) {
	lat = math.Min((a.LatLo+a.LatHi)/2, latMax)
	lng = math.Min((a.LngLo+a.LngHi)/2, lngMax)
	return lat, lng
}

func digit(c byte) int {
	return int(digits[c])
}

// digits holds the value of each byte as a code digit (either case), -1
// for the bytes that are none.
var digits = func() (t [256]int8) {
	for c := range t {
		t[c] = int8(strings.IndexByte(alphabet, upper(byte(c))))
	}
	return t
}()

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// IsValid reports whether code is a valid full or short code.
func IsValid(code string) bool {
	if code == "" {
		return false
	}
	code = strings.ToUpper(code)
	sep := strings.IndexByte(code, separator)
	if sep < 0 || sep != strings.LastIndexByte(code, separator) || sep > sepPos || sep%2 == 1 {
		return false
	}
	if len(code) == 1 || len(code)-sep-1 == 1 {
		return false // a lone separator, or one digit after it, names no cell
	}
	if pad := strings.IndexByte(code, padding); pad >= 0 {
		// padding only before the separator, from an even position, in one
		// run, with nothing after the separator
		if sep < sepPos || pad == 0 || pad > sep || pad%2 == 1 || strings.Trim(code[pad:sep], "0") != "" || len(code) > sep+1 {
			return false
		}
		code = code[:pad]
	}
	for i := 0; i < len(code); i++ {
		if code[i] != separator && digit(code[i]) < 0 {
			return false
		}
	}
	return true
}

// IsShort reports whether code is a valid short code: a separator before
// position 8.
func IsShort(code string) bool {
	if !IsValid(code) {
		return false
	}
	sep := strings.IndexByte(code, separator)
	return sep < sepPos
}

// IsFull reports whether code is a valid full code whose first pair lies on
// the earth.
func IsFull(code string) bool {
	if !IsValid(code) || IsShort(code) {
		return false
	}
	if digit(code[0])*base >= 2*latMax {
		return false
	}
	return len(code) < 2 || digit(code[1])*base < 2*lngMax
}

// Encode returns the code of length digits (2, 4, 6, 8, or 10 to 15) for
// the point.
func Encode(lat, lng float64, length int) (string, error) {
	if length < 2 || length < pairLen && length%2 == 1 {
		return "", ErrLength
	}
	length = min(length, maxLen)
	latVal := int64(math.Floor(math.Round((lat+latMax)*finalLat*1e6) / 1e6))
	lngVal := int64(math.Floor(math.Round((lng+lngMax)*finalLng*1e6) / 1e6))
	return encodeInts(latVal, lngVal, length), nil
}

// encodeInts encodes integer coordinates in units of the finest cell.
func encodeInts(latVal, lngVal int64, length int) string {
	latVal = max(0, min(latVal, 2*latMax*finalLat-1))
	lngVal %= 2 * lngMax * finalLng
	if lngVal < 0 {
		lngVal += 2 * lngMax * finalLng
	}
	var code [maxLen + 1]byte
	if length > pairLen {
		for i := maxLen; i > pairLen; i-- {
			code[i] = alphabet[(latVal%gridRows)*gridCols+lngVal%gridCols]
			latVal /= gridRows
			lngVal /= gridCols
		}
	} else {
		latVal /= 3125
		lngVal /= 1024
	}
	// the pair digits, written around the separator at position 8
	for i := pairLen / 2; i > 0; i-- {
		at := (i - 1) * 2
		if at >= sepPos {
			at++
		}
		code[at+1] = alphabet[lngVal%base]
		code[at] = alphabet[latVal%base]
		latVal /= base
		lngVal /= base
	}
	code[sepPos] = separator
	if length >= sepPos {
		return string(code[:length+1])
	}
	for i := length; i < sepPos; i++ {
		code[i] = padding
	}
	return string(code[:sepPos+1])
}

// Decode returns the area of a full code.
func Decode(code string) (Area, error) {
	if !IsFull(code) {
		return Area{}, ErrNotFull
	}
	clean := make([]byte, 0, maxLen)
	for i := 0; i < len(code) && len(clean) < maxLen; i++ {
		if c := code[i]; c != separator && c != padding {
			clean = append(clean, upper(c))
		}
	}
	n := len(clean)
	latVal, lngVal := int64(-latMax*pairPrecision), int64(-lngMax*pairPrecision)
	pv := int64(pairFirst)
	for i := 0; i < min(n, pairLen); i += 2 {
		latVal += int64(digit(clean[i])) * pv
		lngVal += int64(digit(clean[i+1])) * pv
		if i < n-2 {
			pv /= base
		}
	}
	latPrec := float64(pv) / pairPrecision
	lngPrec := latPrec
	var gridLat, gridLng int64
	if n > pairLen {
		rowPV, colPV := int64(625), int64(256) // gridRows^4, gridCols^4
		for i := pairLen; i < n; i++ {
			d := int64(digit(clean[i]))
			gridLat += d / gridCols * rowPV
			gridLng += d % gridCols * colPV
			if i < n-1 {
				rowPV /= gridRows
				colPV /= gridCols
			}
		}
		latPrec = float64(rowPV) / finalLat
		lngPrec = float64(colPV) / finalLng
	}
	lat := float64(latVal)/pairPrecision + float64(gridLat)/finalLat
	lng := float64(lngVal)/pairPrecision + float64(gridLng)/finalLng
	return Area{
		LatLo: round14(lat), LngLo: round14(lng),
		LatHi: round14(lat + latPrec), LngHi: round14(lng + lngPrec),
		Len: n,
	}, nil
}

func round14(x float64) float64 { return math.Round(x*1e14) / 1e14 }

// pairResolutions are the cell sizes in degrees of each pair.
var pairResolutions = [...]float64{20, 1, 0.05, 0.0025, 0.000125}

// Shorten removes as many leading digits from a full code as a reference
// point allows, so that RecoverNearest with a point as near gets it back.
func Shorten(code string, lat, lng float64) (string, error) {
	if !IsFull(code) {
		return "", ErrNotFull
	}
	if strings.IndexByte(code, padding) >= 0 {
		return "", ErrPadded
	}
	code = strings.ToUpper(code)
	area, err := Decode(code)
	if err != nil {
		return "", err
	}
	if area.Len < minTrimmable {
		return "", ErrLength
	}
	clat, clng := area.Center()
	lat = clipLat(lat)
	lng = normalizeLng(lng)
	r := math.Max(math.Abs(clat-lat), math.Abs(clng-lng))
	for i := len(pairResolutions) - 2; i >= 1; i-- {
		// a safety factor of 0.3 keeps the cell unambiguous near its edges
		if r < pairResolutions[i]*0.3 {
			return code[(i+1)*2:], nil
		}
	}
	return code, nil
}

// RecoverNearest returns the full code nearest to the reference point that
// ends with the short code. A full code is returned upper-cased.
func RecoverNearest(short string, lat, lng float64) (string, error) {
	if IsFull(short) {
		return strings.ToUpper(short), nil
	}
	if !IsShort(short) {
		return "", ErrNotShort
	}
	short = strings.ToUpper(short)
	padLen := sepPos - strings.IndexByte(short, separator)
	res := math.Pow(base, 2-float64(padLen)/2)
	half := res / 2
	lat = clipLat(lat)
	lng = normalizeLng(lng)
	ref, err := Encode(lat, lng, pairLen)
	if err != nil {
		return "", err
	}
	area, err := Decode(ref[:padLen] + short)
	if err != nil {
		return "", err
	}
	clat, clng := area.Center()
	switch {
	case lat+half < clat && clat-res >= -latMax:
		clat -= res
	case lat-half > clat && clat+res <= latMax:
		clat += res
	}
	switch {
	case lng+half < clng:
		clng -= res
	case lng-half > clng:
		clng += res
	}
	return Encode(clat, clng, area.Len)
}

func clipLat(lat float64) float64 { return math.Min(latMax, math.Max(-latMax, lat)) }

func normalizeLng(lng float64) float64 {
	for lng < -lngMax {
		lng += 2 * lngMax
	}
	for lng >= lngMax {
		lng -= 2 * lngMax
	}
	return lng
}

// Short is a short code parsed once, to be recovered near many reference
// points at the cost of some arithmetic each (RecoverNearest encodes and
// decodes codes for every one).
type Short struct {
	length         int     // digits of the full code
	padLen         int     // digits the short code drops
	res            float64 // size of the dropped cell, in degrees
	unitLat        int64   // that size in the units of encodeInts
	unitLng        int64
	offLat, offLng float64 // the code's centre from its cell's corner
}

// ParseShort parses a short code for Nearest.
func ParseShort(short string) (Short, error) {
	if !IsShort(short) {
		return Short{}, ErrNotShort
	}
	short = strings.ToUpper(short)
	padLen := sepPos - strings.IndexByte(short, separator)
	s := Short{padLen: padLen, res: math.Pow(base, 2-float64(padLen)/2)}
	s.unitLat = int64(math.Round(s.res * finalLat))
	s.unitLng = int64(math.Round(s.res * finalLng))
	// the centre of the code in the cell at the origin of the grid
	area, err := Decode(encodeInts(0, 0, pairLen)[:padLen] + short)
	if err != nil {
		return Short{}, err
	}
	clat, clng := area.Center()
	s.offLat, s.offLng = clat+latMax, clng+lngMax
	s.length = area.Len
	return s, nil
}

// Nearest returns the centre of the full code that RecoverNearest gives
// for the reference point, and the cell of the recovered code (equal cells
// are equal codes).
func (s Short) Nearest(lat, lng float64) (clat, clng float64, cell [2]int64) {
	lat = clipLat(lat)
	lng = normalizeLng(lng)
	latVal := int64(math.Floor(math.Round((lat+latMax)*finalLat*1e6) / 1e6))
	lngVal := int64(math.Floor(math.Round((lng+lngMax)*finalLng*1e6) / 1e6))
	latVal = max(0, min(latVal, 2*latMax*finalLat-1))
	cell = [2]int64{latVal / s.unitLat, lngVal / s.unitLng}
	clat = float64(cell[0])*s.res - latMax + s.offLat
	clng = float64(cell[1])*s.res - lngMax + s.offLng
	half := s.res / 2
	switch {
	case lat+half < clat && clat-s.res >= -latMax:
		clat -= s.res
		cell[0]--
	case lat-half > clat && clat+s.res <= latMax:
		clat += s.res
		cell[0]++
	}
	switch {
	case lng+half < clng:
		clng -= s.res
		cell[1]--
	case lng-half > clng:
		clng += s.res
		cell[1]++
	}
	if cells := 2 * lngMax * finalLng / s.unitLng; clng >= lngMax {
		clng -= 2 * lngMax // across the antimeridian: the same code
		cell[1] -= cells
	} else if clng < -lngMax {
		clng += 2 * lngMax
		cell[1] += cells
	}
	return clat, clng, cell
}

// Code returns the full code whose centre Nearest gave.
func (s Short) Code(clat, clng float64) string {
	code, _ := Encode(clat, clng, s.length)
	return code
}
