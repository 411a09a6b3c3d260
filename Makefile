# cascade: make test is what CI runs (.ci/run); make bench and make fuzz
# measure and search.

GO       ?= go
FUZZTIME ?= 60s
BENCH    ?= .

.PHONY: all test vet build bench fuzz

all: test

test: vet
	$(GO) test ./...
	@echo "planted bugs (fuzz/planted_test.go), cases each needed before it was caught:"
	@$(GO) test -count=1 -run '^TestPlantedVariantsAreCaught$$' -v ./fuzz/ | sed -n '/cases needed to catch/,/^---/p' | grep -v '^---'

vet:
	$(GO) vet ./...

build:
	$(GO) build -o cascade ./cmd/cascade

bench:
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem ./engine/ ./conformance/ ./cmd/cascade/

# Every native fuzz target, one after another, FUZZTIME each.
fuzz:
	@set -e; for t in $$($(GO) test -list '^Fuzz' ./fuzz/ | grep '^Fuzz'); do \
		echo "== $$t ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) ./fuzz/; \
	done
