package org.gbabsf.core.zn;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which NAF may get which key, the one rule of every interface that hands out NAF keys (Zn,
 * Nbsp_GBA): the NAF's identity, as its interface proved it, gives its NAF group ({@link
 * NafDirectory}); the NAF_Id's FQDN must be one that NAF may use ({@link NafFqdnPolicy}, TS 33.220
 * §4.5.3); then the {@link KeyService} request carries the group. The interfaces keep only their
 * decoding, how they prove the identity, and the mapping of a {@link Decision} to the wire.
 *
 * <p>A refused FQDN is logged at WARN at most once a second (a misconfigured NAF repeats itself),
 * else at DEBUG, with the interface's name and answer; an unknown NAF at DEBUG. Each interface
 * counts the decisions in its own metrics, as it answers them.
 */
public final class NafAuthorisation {

  private static final Logger log = LoggerFactory.getLogger(NafAuthorisation.class);

  /** What the rule decided. */
  public sealed interface Decision {
    /**
     * The NAF may have the key.
     *
     * @param naf the NAF's identity the decision was made for
     * @param group its NAF group
     */
    record Authorised(String naf, String group) implements Decision {
      /** The key request for this NAF. */
      public KeyService.Request request(
          org.gbabsf.core.domain.BTid btid,
          NafId nafId,
          List<Integer> services,
          boolean gbaUAware) {
        return new KeyService.Request(btid, nafId, group, services, gbaUAware);
      }
    }

    /** None of the identities is a configured NAF. */
    record UnknownNaf() implements Decision {}

    /**
     * The NAF may not use the NAF_Id's FQDN.
     *
     * @param naf the NAF's identity
     */
    record FqdnNotAllowed(String naf) implements Decision {}
  }

  private final String interfaceName;
  private final String refusedAs;
  private final NafDirectory directory;
  private final NafFqdnPolicy fqdns;
  private final String party;
  private final String keyName;
  private final org.gbabsf.core.time.WarnLimiter warnings =
      new org.gbabsf.core.time.WarnLimiter(java.time.Duration.ofSeconds(1));

  /**
   * The rule for {@code interfaceName} (Zn, Nbsp: the log lines' prefix), which answers a refusal
   * as {@code refusedAs} (5402, 403: said in the WARN), over {@code directory} and {@code fqdns}.
   */
  public NafAuthorisation(
      String interfaceName, String refusedAs, NafDirectory directory, NafFqdnPolicy fqdns) {
    this(interfaceName, refusedAs, directory, fqdns, "NAF", "NAF_Id");
  }

  /**
   * The same rule for callers that are not NAFs: an AKMA AF asks for the key of an afId. {@code
   * party} and {@code keyName} ("AF", "afId") name them in the refusal's log line.
   */
  public NafAuthorisation(
      String interfaceName,
      String refusedAs,
      NafDirectory directory,
      NafFqdnPolicy fqdns,
      String party,
      String keyName) {
    this.party = party;
    this.keyName = keyName;
    this.interfaceName = interfaceName;
    this.refusedAs = refusedAs;
    this.directory = directory;
    this.fqdns = fqdns;
  }

  /**
   * The decision for a NAF proven to hold {@code identities} (in {@code realm}, may be null) that
   * asks for the key of a NAF_Id whose FQDN is {@code fqdn}.
   */
  public Decision authorise(List<String> identities, String realm, String fqdn) {
    NafDirectory.Entry naf = directory.find(identities, realm).orElse(null);
    if (naf == null) {
      log.debug(
          "{}: {} is no configured {}",
          interfaceName,
          printable(String.join(",", identities)),
          party);
      return new Decision.UnknownNaf();
    }
    if (!fqdns.allows(naf.naf(), naf.group(), fqdn)) {
      warnFqdn(naf.naf(), fqdn);
      return new Decision.FqdnNotAllowed(naf.naf());
    }
    return new Decision.Authorised(naf.naf(), naf.group());
  }

  /** The NAF table. */
  public NafDirectory directory() {
    return directory;
  }

  /** WARN at most once a second, else DEBUG. */
  private void warnFqdn(String naf, String fqdn) {
    String text = "{}: {} {} asked for the key of {} FQDN {}, which it may not use: {}";
    Object[] args = {
      interfaceName, party, printable(naf), keyName, printable(String.valueOf(fqdn)), refusedAs
    };
    if (warnings.warn()) {
      log.warn(text, args);
    } else {
      log.debug(text, args);
    }
  }

  /** A peer-supplied name made safe for a log line: printable ASCII, at most 128 characters. */
  public static String printable(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && b.length() < 128; i++) {
      char c = s.charAt(i);
      b.append(c > 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > 128 ? b + "…" : b.toString();
  }
}
