package org.gbabsf.diameter;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * A network a peer may connect from, in CIDR notation ({@code 192.0.2.0/24}, {@code 2001:db8::/32},
 * or a single address, which is a /32 or /128): what binds a claimed Diameter identity to where its
 * connections come from. IPv4 and IPv6 never match each other; an IPv4-mapped IPv6 source is
 * reported by the JDK as IPv4 already.
 *
 * @param network the network's address, its host bits zero
 * @param prefixLength the number of leading bits that must match
 */
public record SourceNetwork(byte[] network, int prefixLength) {

  /** Checks the prefix and clears the host bits. */
  public SourceNetwork {
    if (network.length != 4 && network.length != 16) {
      throw new IllegalArgumentException("an IPv4 or IPv6 address");
    }
    if (prefixLength < 0 || prefixLength > network.length * 8) {
      throw new IllegalArgumentException("prefix length 0.." + network.length * 8);
    }
    network = masked(network.clone(), prefixLength);
  }

  /** The network of exactly {@code address}. */
  public static SourceNetwork of(InetAddress address) {
    byte[] raw = address.getAddress();
    return new SourceNetwork(raw, raw.length * 8);
  }

  /**
   * {@code text} as {@code address[/prefix]} with a literal IPv4 or IPv6 address (never a name:
   * parsing never resolves), or empty if it is not one.
   */
  public static Optional<SourceNetwork> parse(String text) {
    String t = text.strip();
    int slash = t.indexOf('/');
    String address = slash < 0 ? t : t.substring(0, slash);
    if (!literal(address)) {
      return Optional.empty();
    }
    byte[] raw;
    try {
      raw = InetAddress.getByName(address).getAddress(); // a literal: no lookup
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
    int prefix = raw.length * 8;
    if (slash >= 0) {
      String p = t.substring(slash + 1);
      if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit)) {
        return Optional.empty();
      }
      prefix = Integer.parseInt(p);
      if (prefix > raw.length * 8) {
        return Optional.empty();
      }
    }
    return Optional.of(new SourceNetwork(raw, prefix));
  }

  /** True if {@code address} lies in this network. */
  public boolean contains(InetAddress address) {
    byte[] a = address.getAddress();
    if (a.length != network.length) {
      return false;
    }
    int whole = prefixLength / 8;
    for (int i = 0; i < whole; i++) {
      if (a[i] != network[i]) {
        return false;
      }
    }
    int rest = prefixLength % 8;
    if (rest == 0) {
      return true;
    }
    int mask = 0xFF << (8 - rest) & 0xFF;
    return (a[whole] & mask) == (network[whole] & 0xFF);
  }

  @Override
  public String toString() {
    try {
      return InetAddress.getByAddress(network).getHostAddress() + "/" + prefixLength;
    } catch (UnknownHostException impossible) {
      throw new IllegalStateException(impossible);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SourceNetwork n
        && n.prefixLength == prefixLength
        && java.util.Arrays.equals(n.network, network);
  }

  @Override
  public int hashCode() {
    return 31 * java.util.Arrays.hashCode(network) + prefixLength;
  }

  @Override
  public byte[] network() {
    return network.clone();
  }

  /** A dotted IPv4 address or an IPv6 address in any of its text forms, not a name. */
  private static boolean literal(String s) {
    if (s.isEmpty() || s.length() > 45) {
      return false;
    }
    if (s.indexOf(':') >= 0) {
      return s.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.');
    }
    String[] parts = s.split("\\.", -1);
    if (parts.length != 4) {
      return false;
    }
    for (String p : parts) {
      if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit)) {
        return false;
      }
      if (Integer.parseInt(p) > 255) {
        return false;
      }
    }
    return true;
  }

  private static byte[] masked(byte[] raw, int prefix) {
    for (int i = 0; i < raw.length; i++) {
      int bits = Math.max(0, Math.min(8, prefix - i * 8));
      raw[i] &= (byte) (0xFF << (8 - bits));
    }
    return raw;
  }
}
