package io.github.pgperf.result;

/** Why a transaction failed, as pgbench tells failures apart. */
public enum FailureKind {
  /** SQLSTATE 40001, retried up to the maximum number of tries. */
  SERIALIZATION,
  /** SQLSTATE 40P01, retried up to the maximum number of tries. */
  DEADLOCK,
  /** Any other error; pgbench 15 aborts the client instead, so this stays zero for its scripts. */
  OTHER
}
