package org.gbabsf.core.ub;

/** Why a 401 challenge was sent: a metric tag and a debugging aid. */
public enum ChallengeCause {
  /** The UE's first request (empty nonce). */
  INITIAL,
  /** The UE sent AUTS; the HSS resynchronised SQN and gave a new vector. */
  RESYNC,
  /** The nonce is unknown, expired or already used (replay): a fresh challenge. */
  UNKNOWN_NONCE,
  /** The digest response was wrong: a fresh challenge, counted towards the failure limit. */
  WRONG_RESPONSE
}
