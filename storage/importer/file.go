package importer

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/addrkit/addrkit/storage"
)

// Formats lists the formats File reads.
var Formats = []string{"geonames", "osm", "openaddresses", "csv", "json"}

// openAddressesMapping maps the columns of the OpenAddresses CSV format.
const openAddressesMapping = "lon=LON,lat=LAT,house_number=NUMBER,street=STREET,unit=UNIT,city=CITY,lga=DISTRICT,state=REGION,postcode=POSTCODE,id=HASH,kind:=address"

// OpenAddresses imports an OpenAddresses CSV (LON, LAT, NUMBER, STREET,
// UNIT, CITY, DISTRICT, REGION, POSTCODE, ID, HASH) as address points.
// opts.Mapping, when set, replaces the standard column names.
func OpenAddresses(ctx context.Context, g *storage.Gazetteer, r io.Reader, size int64, opts Options) (Stats, error) {
	if opts.Mapping.Columns == nil {
		m, err := ParseMapping(openAddressesMapping)
		if err != nil {
			return Stats{}, err
		}
		opts.Mapping = m
	}
	if opts.Source == "" {
		opts.Source = "openaddresses"
	}
	return Table(ctx, g, r, size, "csv", opts)
}

// File imports the file at path in one of Formats.
func File(ctx context.Context, g *storage.Gazetteer, format, path string, opts Options) (Stats, error) {
	if format == "osm" {
		return OSM(ctx, g, path, opts)
	}
	f, err := os.Open(path)
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Stats{}, err
	}
	switch format {
	case "geonames":
		return GeoNames(ctx, g, f, fi.Size(), opts)
	case "openaddresses":
		return OpenAddresses(ctx, g, f, fi.Size(), opts)
	case "csv", "json":
		if opts.Mapping.Columns == nil && opts.Mapping.Const == nil {
			return Stats{}, fmt.Errorf("format %s needs a column mapping", format)
		}
		return Table(ctx, g, f, fi.Size(), format, opts)
	}
	return Stats{}, fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}
