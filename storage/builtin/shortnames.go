package builtin

import "strings"

// townShortNames are the short names people write for towns of the GeoNames
// list, as "state code|name|short names (comma-separated)": written for
// addrkit from common use in Nigerian addresses ("No 10 Aba road, PH"). They
// become alternate names of the town, so that the geocoder confirms the
// short name as a place of the region before it reads it as anything else
// ("PH" is also the Philippines' code). GeoNames' own alternate names carry
// some of them ("PHC"); an import can add more.
const townShortNames = `NG-RI|Port Harcourt|PH,P.H.,PHC
NG-FC|Abuja|Abj
NG-ED|Benin City|Benin
NG-EK|Ado-Ekiti|Ado,Ado Ekiti
NG-OS|Ile-Ife|Ife
NG-OS|Osogbo|Oshogbo
NG-OS|Ilesa|Ilesha
NG-OY|Ogbomoso|Ogbomosho
NG-LA|Ikeja|Ikj`

// shortNamesOf returns the short names of townShortNames by "state
// code|slug of the name".
func shortNamesOf() map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(townShortNames, "\n") {
		f := strings.Split(line, "|")
		out[f[0]+"|"+slug(f[1])] = strings.Split(f[2], ",")
	}
	return out
}
