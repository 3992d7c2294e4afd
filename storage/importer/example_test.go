package importer_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/addrkit/addrkit/address"
	"github.com/addrkit/addrkit/storage"
	"github.com/addrkit/addrkit/storage/importer"
)

func ExampleTable() {
	ctx := context.Background()
	g, _ := storage.Open("", storage.Options{InMemory: true})
	defer g.Close()
	m, err := importer.ParseMapping("name=ward,lat=lat,lon=lon,kind:=ward")
	if err != nil {
		fmt.Println(err)
		return
	}
	table := "ward;lat;lon\nVictoria Island I;6.4281;3.4219\nno point;x;y\n"
	st, err := importer.Table(ctx, g, strings.NewReader(table), int64(len(table)), "csv", importer.Options{Mapping: m, Source: "wards"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Rows, "rows,", st.Places, "place,", st.Skipped, "skipped:", st.Problems[0])
	ps, _ := g.Named(ctx, "NG", address.NameKey("Victoria Island I"))
	fmt.Println(ps[0].Kind, ps[0].Lat, ps[0].Lon)
	// Output:
	// 2 rows, 1 place, 1 skipped: line 3: bad coordinates "x", "y"
	// ward 6.4281 3.4219
}

func ExampleParseMapping() {
	m, err := importer.ParseMapping("id=HASH,house_number=NUMBER,street=STREET+SUFFIX,kind:=address,?STATUS=active")
	fmt.Println(m.Columns["street"], m.Const["kind"], m.Where["STATUS"], err)
	// Output: STREET+SUFFIX address active <nil>
}
