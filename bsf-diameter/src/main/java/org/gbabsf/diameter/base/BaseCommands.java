package org.gbabsf.diameter.base;

/** Command codes of the Diameter base protocol's own exchanges between peers (RFC 6733 §5). */
public final class BaseCommands {

  /** Capabilities-Exchange-Request/Answer (§5.3). */
  public static final int CAPABILITIES_EXCHANGE = 257;

  /** Device-Watchdog-Request/Answer (§5.5). */
  public static final int DEVICE_WATCHDOG = 280;

  /** Disconnect-Peer-Request/Answer (§5.4). */
  public static final int DISCONNECT_PEER = 282;

  private BaseCommands() {}

  /**
   * Whether {@code commandCode} is one of the three: a peer-to-peer exchange, not an application's.
   */
  public static boolean peerExchange(int commandCode) {
    return commandCode == CAPABILITIES_EXCHANGE
        || commandCode == DEVICE_WATCHDOG
        || commandCode == DISCONNECT_PEER;
  }
}
