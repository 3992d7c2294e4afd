#!/usr/bin/env bash
# Imports every Nigerian dataset of the shared data folder into a gazetteer:
#   scripts/import-nigeria.sh DATA_DIR SHARED_DATA_DIR
# The built-in gazetteer (countries, states, LGAs) is installed first, then
# wards, GeoNames places, OSM place nodes and the NIPOST postcodes are
# attached to it. Importing again changes nothing.
set -euo pipefail
if [ $# -ne 2 ]; then
	echo "usage: $0 DATA_DIR SHARED_DATA_DIR" >&2
	exit 2
fi
# the paths as the caller gave them, before the script moves to the repository
case $1 in /*) data=$1 ;; *) data=$PWD/$1 ;; esac
case $2 in /*) shared=$2 ;; *) shared=$PWD/$2 ;; esac
cd "$(dirname "$0")/.."
bin=${ADDRKIT_BIN:-}
if [ -z "$bin" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	bin=$tmp/addrkit
	go build -o "$bin" ./cmd/addrkit
fi
imp() { "$bin" import --data "$data" --country NG --index=false "$@" >/dev/null; }

# 8,809 wards with their LGA and state
imp --format json --source wards \
	--map 'name=Ward,state=State,lga=LGA,lat=Latitude,lon=Longitude,kind:=ward' \
	"$shared/ng-admin-wards-temikeezy/wards.json"

# GeoNames populated places, with the admin code names for state and LGA
imp --format geonames --source geonames \
	--admin1 "$shared/ng-geonames-cities/NG_admin1_citiesjson.json" \
	--admin2 "$shared/ng-geonames-cities/NG_admin2_citiesjson.json" \
	"$shared/ng-geonames-cities/NG_cities500.txt"

# OSM place nodes (villages, hamlets, towns, suburbs, neighbourhoods)
imp --format csv --source osm-ng-2019 \
	--map 'id=osm_node_id,name=name,alt_names=name_en,kind=value,lat=lat,lon=lon,rank=population,?tag=place' \
	"$shared/ng-osm-nodes-2019/nigeria_osm_nodes.csv"

# NIPOST postcodes: villages (rural), streets (urban), post offices
# (facilities), and one postcode area per code, placed at the mean of the
# localities it serves.
imp --format csv --source nipost-rural --locate \
	--map 'name=town,state=state,lga=lga,area=district,postcode=postcode,kind:=village' \
	"$shared/ng-nipost-postcodes/rural_postcodes.csv"
imp --format csv --source nipost-urban \
	--map 'name=street,state=state,city=town,area=area,postcode=postcode,kind:=street' \
	"$shared/ng-nipost-postcodes/urban_postcodes.csv"
imp --format csv --source nipost-facility --locate \
	--map 'name=facility,state=state,lga=lga,postcode=postcode,kind:=neighbourhood' \
	"$shared/ng-nipost-postcodes/facility_postcodes.csv"
for f in rural urban facility; do
	case $f in
	rural) m='state=state,lga=lga,area=town,postcode=postcode,kind:=postcode' ;;
	urban) m='state=state,city=town,area=area,postcode=postcode,kind:=postcode' ;;
	facility) m='state=state,lga=lga,area=facility,postcode=postcode,kind:=postcode' ;;
	esac
	imp --format csv --source nipost --merge --locate --map "name=postcode,$m" \
		"$shared/ng-nipost-postcodes/${f}_postcodes.csv"
done
"$bin" index --data "$data"
echo "imported the Nigerian datasets into $data" >&2
