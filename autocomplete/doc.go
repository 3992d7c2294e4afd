// Package autocomplete will answer typo-tolerant address suggestions for
// search boxes from an index built over the gazetteer. It is filled in by the
// autocomplete issue.
package autocomplete
