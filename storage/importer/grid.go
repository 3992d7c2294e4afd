package importer

import (
	"math"

	"github.com/addrkit/addrkit/address"
)

// pointGrid finds the nearest of a set of places, bucketed in square cells
// of a few kilometres so that a search reads only the cells its radius
// covers.
type pointGrid struct {
	size   float64 // cell side, degrees
	cells  map[[2]int][]int
	places []address.Place
}

func newPointGrid(size float64) *pointGrid {
	return &pointGrid{size: size, cells: map[[2]int][]int{}}
}

func (g *pointGrid) cell(lat, lon float64) [2]int {
	return [2]int{int(math.Floor(lat / g.size)), int(math.Floor(lon / g.size))}
}

// add puts a place (with a point) in the grid and returns its index.
func (g *pointGrid) add(p address.Place) int {
	i := len(g.places)
	g.places = append(g.places, p)
	c := g.cell(p.Lat, p.Lon)
	g.cells[c] = append(g.cells[c], i)
	return i
}

// nearest returns the index of the place nearest to the point, nearer than
// radius metres, that accept takes (any when accept is nil), or -1.
func (g *pointGrid) nearest(lat, lon, radius float64, accept func(i int) bool) int {
	dlat := radius / 111320 // metres per degree of latitude
	dlon := dlat / math.Max(math.Cos(lat*math.Pi/180), 0.01)
	lo, hi := g.cell(lat-dlat, lon-dlon), g.cell(lat+dlat, lon+dlon)
	best, bestD := -1, radius
	for y := lo[0]; y <= hi[0]; y++ {
		for x := lo[1]; x <= hi[1]; x++ {
			for _, i := range g.cells[[2]int{y, x}] {
				if accept != nil && !accept(i) {
					continue
				}
				p := &g.places[i]
				if d := address.Distance(lat, lon, p.Lat, p.Lon); d < bestD {
					best, bestD = i, d
				}
			}
		}
	}
	return best
}
