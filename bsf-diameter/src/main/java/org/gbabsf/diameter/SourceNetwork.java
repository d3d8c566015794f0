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
   * {@code text} as {@code address[/prefix]} with a literal IPv4 (dotted decimal, no leading zeros,
   * which some parsers read as octal) or IPv6 address in ASCII, never a name: parsing never
   * resolves anything; empty if it is not one.
   */
  public static Optional<SourceNetwork> parse(String text) {
    String t = text.strip();
    int slash = t.indexOf('/');
    String address = slash < 0 ? t : t.substring(0, slash);
    if (!ascii(address) || address.isEmpty() || address.length() > 45 || leadingZero(address)) {
      return Optional.empty();
    }
    byte[] raw = io.netty.util.NetUtil.createByteArrayFromIpAddressString(address);
    if (raw == null || (raw.length != 4 && raw.length != 16)) {
      return Optional.empty();
    }
    int prefix = raw.length * 8;
    if (slash >= 0) {
      String p = t.substring(slash + 1);
      if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return Optional.empty();
      }
      prefix = Integer.parseInt(p);
      if (prefix > raw.length * 8) {
        return Optional.empty();
      }
    }
    if (raw.length == 16 && ipv4Mapped(raw)) {
      // The JDK reports an IPv4-mapped source as IPv4: so is the network (::ffff:a.b.c.d/104 is
      // a.b.c.d/8); a mapped prefix shorter than the mapping itself means nothing.
      if (prefix < 96) {
        return Optional.empty();
      }
      return Optional.of(new SourceNetwork(java.util.Arrays.copyOfRange(raw, 12, 16), prefix - 96));
    }
    return Optional.of(new SourceNetwork(raw, prefix));
  }

  private static boolean ipv4Mapped(byte[] raw) {
    for (int i = 0; i < 10; i++) {
      if (raw[i] != 0) {
        return false;
      }
    }
    return raw[10] == (byte) 0xff && raw[11] == (byte) 0xff;
  }

  /** True if this network holds every address of its family (/0): it binds nothing. */
  public boolean everything() {
    return prefixLength == 0;
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

  /** Only ASCII digits, hex letters, ':' and '.': no other script's digits. */
  private static boolean ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= '0' && c <= '9')
              || (c >= 'a' && c <= 'f')
              || (c >= 'A' && c <= 'F')
              || c == ':'
              || c == '.';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /** True if a dotted-decimal part of {@code s} has a leading zero ("010"). */
  private static boolean leadingZero(String s) {
    int colon = s.lastIndexOf(':');
    for (String part : s.substring(colon + 1).split("\\.", -1)) {
      if (s.indexOf('.') >= 0 && part.length() > 1 && part.charAt(0) == '0') {
        return true;
      }
    }
    return false;
  }

  private static byte[] masked(byte[] raw, int prefix) {
    for (int i = 0; i < raw.length; i++) {
      int bits = Math.max(0, Math.min(8, prefix - i * 8));
      raw[i] &= (byte) (0xFF << (8 - bits));
    }
    return raw;
  }
}
