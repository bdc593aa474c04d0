package io.github.pgperf.example.ledger;

import java.time.OffsetDateTime;

/**
 * One line of an account's statement.
 *
 * @param entryId the entry's id (later entries have larger ids)
 * @param transferId the transfer (or opening deposit) the entry belongs to
 * @param amount cents: positive for money in, negative for money out
 * @param balanceAfter the account's balance after this entry, in cents
 * @param memo the transfer's memo
 * @param postedAt when the transfer was committed
 */
public record StatementLine(
    long entryId,
    long transferId,
    long amount,
    long balanceAfter,
    String memo,
    OffsetDateTime postedAt) {}
