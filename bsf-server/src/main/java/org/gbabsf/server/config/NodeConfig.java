package org.gbabsf.server.config;

import java.util.List;
import org.gbabsf.netty.NettyTransport;

/**
 * The BSF node as a whole: its name (the domain of every B-TID) and the network I/O of every
 * interface.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param name {@code bsf.name}: The BSF's name: the domain part of every B-TID and the default Ub
 *     realm
 * @param ioTransport {@code io.transport}: The Netty I/O transport of every interface
 */
public record NodeConfig(String name, String ioTransport) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** The BSF's name: the domain part of every B-TID and the default Ub realm. */
  public static final ConfigKey<String> NAME =
      KEYS.add(
          ConfigKey.of(
              "bsf.name",
              ValueTypes.hostname(),
              "bsf.home1.net",
              "BSF server name: the domain part of every B-TID (TS 33.220 §4.5.2) and the"
                  + " default Ub realm."));

  /** The Netty I/O transport of every interface. */
  public static final ConfigKey<String> IO_TRANSPORT =
      KEYS.add(
          ConfigKey.of(
                  "io.transport",
                  ValueTypes.oneOf("auto", "epoll", "nio"),
                  "auto",
                  "The network I/O of every interface (Ub, Diameter, SBI, admin): epoll is Linux's"
                      + " native transport (Linux x86_64), nio is Java's, everywhere; auto takes"
                      + " epoll where it loads, else nio. The one in use is logged at start.")
              .withValidator(
                  Validator.of(
                      "epoll only where it loads",
                      v -> !v.equals("epoll") || NettyTransport.epollUnavailability().isEmpty(),
                      "epoll is not available on this machine: "
                          + NettyTransport.epollUnavailability())));

  /** The section from validated values. */
  static NodeConfig from(ResolvedConfig r) {
    return new NodeConfig(r.get(NAME), r.get(IO_TRANSPORT));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
