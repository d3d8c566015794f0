package org.gbabsf.diameter;

/** The state of a peer connection (RFC 6733 §5.6, as the stack reports it). */
public enum PeerStatus {
  /** Open and answering watchdogs: requests may be routed to it. */
  OKAY,
  /** A watchdog went unanswered. */
  SUSPECT,
  /** Closed; reconnection attempts run in the background. */
  DOWN,
  /** Reconnecting after a loss. */
  REOPEN,
  /** Connecting, CER/CEA under way. */
  INITIAL
}
