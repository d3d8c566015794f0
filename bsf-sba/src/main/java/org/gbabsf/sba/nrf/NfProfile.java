package org.gbabsf.sba.nrf;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.gbabsf.sba.CommonTypes;
import org.gbabsf.sba.akma.NaanfService;
import org.gbabsf.sba.nbsp.NbspService;
import org.gbabsf.sba.oauth.ExpectedAudience;

/**
 * What an NF registers at the NRF (TS 29.510 §6.1.6.2.2 NFProfile), reduced to what the BSF needs:
 * its identity, how to reach it, its heartbeat and its services. {@link NfProfileCodec} writes it.
 * Tests and the simulator register HSS profiles with it too.
 *
 * @param nfInstanceId the NF instance id (a UUID)
 * @param nfType the NF type, e.g. {@code GBA_BSF}
 * @param fqdn its FQDN, if it is reached by name
 * @param ipv4Address its IPv4 address, if it is reached by address
 * @param heartBeat the heartbeat interval it proposes (the NRF's answer wins), whole seconds
 * @param services its services (one at least)
 * @param routingIndicators for an AAnF, the routing indicators it serves ({@code aanfInfoList} of
 *     TS 29.510 AanfInfo); empty: all, and no aanfInfoList is sent
 */
public record NfProfile(
    String nfInstanceId,
    String nfType,
    Optional<String> fqdn,
    Optional<String> ipv4Address,
    Duration heartBeat,
    List<Service> services,
    List<String> routingIndicators) {

  /** A profile without routing indicators. */
  public NfProfile(
      String nfInstanceId,
      String nfType,
      Optional<String> fqdn,
      Optional<String> ipv4Address,
      Duration heartBeat,
      List<Service> services) {
    this(nfInstanceId, nfType, fqdn, ipv4Address, heartBeat, services, List.of());
  }

  /** TS 29.571 Ipv4Addr. */
  private static final Pattern IPV4 =
      Pattern.compile(
          "^(([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\\.){3}"
              + "([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$");

  /**
   * One service of the profile (TS 29.510 §6.1.6.2.3 NFService), reached at the profile's FQDN or
   * address.
   *
   * @param name the service name, e.g. {@code nbsp-gba}; also its serviceInstanceId
   * @param apiFullVersion the full version of its API, e.g. {@code 1.1.0-alpha.2} (URI version v1)
   * @param scheme {@code http} or {@code https}
   * @param port its TCP port
   * @param apiPrefix the path before {@code /<name>/v1}, if any, e.g. {@code /hss1}
   */
  public record Service(
      String name, String apiFullVersion, String scheme, int port, Optional<String> apiPrefix) {
    /** Checks the values. */
    public Service {
      if (!CommonTypes.isServiceName(name)) {
        throw new IllegalArgumentException("not a service name: " + name);
      }
      if (!apiFullVersion.matches("^1\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.]+)?$")) {
        throw new IllegalArgumentException("not a v1 API version: " + apiFullVersion);
      }
      if (!scheme.equals("http") && !scheme.equals("https")) {
        throw new IllegalArgumentException("scheme must be http or https: " + scheme);
      }
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("not a port: " + port);
      }
      if (apiPrefix.isPresent() && !isApiPrefix(apiPrefix.get())) {
        throw new IllegalArgumentException("not an apiPrefix: " + apiPrefix.get());
      }
    }
  }

  /** Checks the values and copies the list. */
  public NfProfile {
    UUID.fromString(nfInstanceId);
    if (!CommonTypes.isNfType(nfType)) {
      throw new IllegalArgumentException("not an NF type: " + nfType);
    }
    if (fqdn.isEmpty() && ipv4Address.isEmpty()) {
      throw new IllegalArgumentException("an FQDN or an IPv4 address is needed");
    }
    fqdn.ifPresent(
        f -> {
          if (!CommonTypes.isFqdn(f)) {
            throw new IllegalArgumentException("not an FQDN: " + f);
          }
        });
    ipv4Address.ifPresent(
        a -> {
          if (!IPV4.matcher(a).matches()) {
            throw new IllegalArgumentException("not an IPv4 address: " + a);
          }
        });
    if (heartBeat.compareTo(Duration.ofSeconds(1)) < 0
        || heartBeat.toNanos() % 1_000_000_000L != 0) {
      throw new IllegalArgumentException("the heartbeat must be whole seconds, 1 s at least");
    }
    services = List.copyOf(services);
    if (services.isEmpty()) {
      throw new IllegalArgumentException("no service");
    }
    routingIndicators = List.copyOf(routingIndicators);
    if (!routingIndicators.stream().allMatch(r -> r.matches("^[0-9]{1,4}$"))) {
      throw new IllegalArgumentException("a routing indicator is 1 to 4 digits");
    }
  }

  /**
   * The profile of a GBA BSF: NF type {@code GBA_BSF}, service {@code nbsp-gba} in the version this
   * code implements.
   */
  public static NfProfile gbaBsf(
      String nfInstanceId,
      Optional<String> fqdn,
      Optional<String> ipv4Address,
      Duration heartBeat,
      String scheme,
      int port) {
    return new NfProfile(
        nfInstanceId,
        ExpectedAudience.GBA_BSF,
        fqdn,
        ipv4Address,
        heartBeat,
        List.of(
            new Service("nbsp-gba", NbspService.API_FULL_VERSION, scheme, port, Optional.empty())));
  }

  /**
   * The profile of an AKMA Anchor Function: NF type {@code AANF}, service {@code naanf-akma} in the
   * version this code implements, and the routing indicators it serves.
   */
  public static NfProfile aanf(
      String nfInstanceId,
      Optional<String> fqdn,
      Optional<String> ipv4Address,
      Duration heartBeat,
      String scheme,
      int port,
      List<String> routingIndicators) {
    return new NfProfile(
        nfInstanceId,
        ExpectedAudience.AANF,
        fqdn,
        ipv4Address,
        heartBeat,
        List.of(
            new Service(
                NaanfService.API, NaanfService.API_FULL_VERSION, scheme, port, Optional.empty())),
        routingIndicators);
  }

  /** This profile proposing another heartbeat. */
  public NfProfile withHeartBeat(Duration other) {
    return new NfProfile(
        nfInstanceId, nfType, fqdn, ipv4Address, other, services, routingIndicators);
  }

  /**
   * True if {@code text} is an apiPrefix that stays a path prefix: segments of unreserved
   * characters (RFC 3986), none of them {@code .} or {@code ..}, e.g. {@code /hss1}.
   */
  public static boolean isApiPrefix(String text) {
    return text.matches("^(/[A-Za-z0-9._~-]+)+$") && !text.matches("^(.*/)?\\.\\.?(/.*)?$");
  }

  /** True if {@code text} is a dotted-quad IPv4 address. */
  public static boolean isIpv4(String text) {
    return IPV4.matcher(text).matches();
  }
}
