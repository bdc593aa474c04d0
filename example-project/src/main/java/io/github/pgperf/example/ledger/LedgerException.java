package io.github.pgperf.example.ledger;

/** A request the ledger refuses: an unknown account or not enough money. Nothing was changed. */
public final class LedgerException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  LedgerException(String message) {
    super(message);
  }
}
