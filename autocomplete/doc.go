// Package autocomplete answers typo-tolerant address suggestions for
// search boxes, in-process in well under a millisecond for most queries.
//
// An Index is built from every place of a gazetteer (Build, from any
// Source) and kept beside the places in the store (Open loads it when it
// is current, and builds and keeps it when the places changed; Rebuild
// forces it). Per country it holds a vellum FST from each search token to
// its term number, the postings of each term in rank order, and the
// places in a compact columnar form with their enclosing places, so that
// "surulere lagos" matches Surulere in Lagos by its state's name.
//
// Index.Suggest matches words normalized as address.Standardize does, the
// last as a prefix, with a typo budget by word length; ranks by buckets,
// fewer typos first, so that an exact match is never outranked by a fuzzy
// one; and merges places that several sources or street segments repeat.
// See Suggest for the rules.
package autocomplete
