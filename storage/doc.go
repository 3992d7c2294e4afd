// Package storage holds the gazetteer of addrkit: places of every kind
// (countries, states, LGAs, cities, wards, neighbourhoods, streets, postcode
// areas, address points) in a Badger database, indexed by normalized name,
// by postcode, by parent and by geohash cell.
//
// Open a store with Open, load places in bulk with a Loader, and hand the
// store to address.Geocode, which needs only the address.Gazetteer methods.
// Sub-package builtin holds the gazetteer installed on an empty store, and
// sub-package importer reads GeoNames, OpenStreetMap, OpenAddresses and any
// CSV or JSON table into a store.
package storage
