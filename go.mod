module github.com/addrkit/addrkit

go 1.26
