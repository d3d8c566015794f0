package org.gbabsf.diameter.transport;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.gbabsf.diameter.DiameterHeader;
import org.gbabsf.diameter.base.BaseCommands;

/**
 * Which requests a node serves, checked on the header before the stack routes a request (jdiameter
 * hands any request of a registered application to its listener, whatever its command code). A pure
 * function of the header: RFC 6733 §7.1.3 protocol errors, answered with the E bit.
 *
 * <ul>
 *   <li>3008 DIAMETER_INVALID_HDR_BITS: a request with the E bit;
 *   <li>3007 DIAMETER_APPLICATION_UNSUPPORTED: an application this node does not serve, or a
 *       command this node serves under another application (a BIR with Application-Id 0);
 *   <li>3001 DIAMETER_COMMAND_UNSUPPORTED: a served application with a command it does not have.
 * </ul>
 *
 * The base protocol's CER (257), DWR (280) and DPR (282) are served under application 0.
 */
public final class RequestScreen {

  /** DIAMETER_COMMAND_UNSUPPORTED. */
  public static final long COMMAND_UNSUPPORTED = 3001;

  /** DIAMETER_APPLICATION_UNSUPPORTED. */
  public static final long APPLICATION_UNSUPPORTED = 3007;

  /** DIAMETER_INVALID_HDR_BITS. */
  public static final long INVALID_HDR_BITS = 3008;

  private final Map<Long, Set<Integer>> served;
  private final Set<Integer> allCommands;

  /** A screen for the {@code commands} served per application id (base commands added). */
  public RequestScreen(Map<Long, Set<Integer>> commands) {
    Map<Long, Set<Integer>> m = new HashMap<>();
    commands.forEach((app, codes) -> m.put(app, Set.copyOf(codes)));
    Set<Integer> base = new HashSet<>(m.getOrDefault(0L, Set.of()));
    base.addAll(
        Set.of(
            BaseCommands.CAPABILITIES_EXCHANGE,
            BaseCommands.DEVICE_WATCHDOG,
            BaseCommands.DISCONNECT_PEER));
    m.put(0L, Set.copyOf(base));
    this.served = Map.copyOf(m);
    Set<Integer> all = new HashSet<>();
    served.values().forEach(all::addAll);
    this.allCommands = Set.copyOf(all);
  }

  /**
   * 0 if the message may go to the stack (every answer, and a served request), else the result code
   * of the protocol error answering it.
   */
  public long check(int flags, int commandCode, long applicationId) {
    if ((flags & DiameterHeader.FLAG_R) == 0) {
      return 0;
    }
    if ((flags & DiameterHeader.FLAG_E) != 0) {
      return INVALID_HDR_BITS;
    }
    Set<Integer> commands = served.get(applicationId);
    if (commands == null) {
      return APPLICATION_UNSUPPORTED;
    }
    if (commands.contains(commandCode)) {
      return 0;
    }
    return allCommands.contains(commandCode) ? APPLICATION_UNSUPPORTED : COMMAND_UNSUPPORTED;
  }
}
