package org.gbabsf.server.config;

import java.util.List;

/**
 * The rules of {@link CrossChecks} that span the SBA's keys: the SBI server and its clients, the
 * NRF, and the AAnF.
 */
final class SbaChecks {

  private SbaChecks() {}

  /** The SBA's rules (docs/sba.md). */
  static void sba(CrossChecks.View v, List<String> problems) {
    if (!v.has(
        HssConfig.TYPE,
        N65Config.INSTANCES,
        UdmConfig.INSTANCES,
        SbiConfig.ENABLED,
        SbiConfig.TLS_ENABLED,
        SbiConfig.TLS_CLIENT_AUTH,
        NbspConfig.NAFS,
        NbspConfig.OAUTH2_NRF_KEYS,
        NbspConfig.OAUTH2_NF_INSTANCE_ID)) {
      return;
    }
    String hss = v.get(HssConfig.TYPE);
    List<java.net.URI> instances =
        hss.equals("n65")
            ? v.get(N65Config.INSTANCES)
            : hss.equals("udm") ? v.get(UdmConfig.INSTANCES) : List.of();
    boolean discovered =
        v.has(NrfConfig.ENABLED, NrfConfig.DISCOVER_HSS)
            && v.get(NrfConfig.ENABLED)
            && v.get(NrfConfig.DISCOVER_HSS);
    boolean several =
        instances.size() > 1 || discovered && (hss.equals("n65") || hss.equals("udm"));
    if (several
        && v.has(SbiClientConfig.REQUEST_TIMEOUT, UbConfig.HSS_TIMEOUT)
        && v.get(SbiClientConfig.REQUEST_TIMEOUT).compareTo(v.get(UbConfig.HSS_TIMEOUT)) >= 0) {
      problems.add(
          "sbi.client.request-timeout: must be shorter than ub.hss-timeout, which all attempts of"
              + " a request share, or no other instance is ever tried");
    }
    if (hss.equals("n65") && v.get(N65Config.INSTANCES).isEmpty() && !discovered) {
      problems.add(
          "n65.instances: required with hss.type=n65 (the HSS apiRoots), unless the NRF discovers"
              + " them (nrf.enabled=true)");
    }
    if (hss.equals("udm") && v.get(UdmConfig.INSTANCES).isEmpty() && !discovered) {
      problems.add(
          "udm.instances: required with hss.type=udm (the UDM apiRoots), unless the NRF discovers"
              + " them (nrf.enabled=true)");
    }
    if (v.get(NbspConfig.OAUTH2_NRF_KEYS).isPresent()
        && v.get(NbspConfig.OAUTH2_NF_INSTANCE_ID).isEmpty()
        && !(v.has(NrfConfig.NF_INSTANCE_ID) && !v.get(NrfConfig.NF_INSTANCE_ID).isEmpty())) {
      problems.add(
          "nbsp.oauth2.nf-instance-id: required with nbsp.oauth2.nrf-keys (the audience tokens"
              + " must name; or set nrf.nf-instance-id)");
    }
    if (!v.get(SbiConfig.ENABLED)) {
      return;
    }
    if (v.has(UbConfig.STORE_TIMEOUT, SbiConfig.REQUEST_TIMEOUT)
        && v.get(UbConfig.STORE_TIMEOUT).compareTo(v.get(SbiConfig.REQUEST_TIMEOUT)) >= 0) {
      problems.add(
          "sbi.request-timeout: must be longer than ub.store-timeout, or a NAF gets 503"
              + " NF_CONGESTION where the store's own answer was due");
    }
    if (v.get(SbiConfig.TLS_ENABLED)
        && !v.get(SbiConfig.TLS_CLIENT_AUTH).equals("none")
        && v.has(SbiConfig.TLS_TRUST)
        && v.get(SbiConfig.TLS_TRUST).isEmpty()) {
      problems.add(
          "sbi.tls.trust: required with sbi.tls.client-auth "
              + v.get(SbiConfig.TLS_CLIENT_AUTH)
              + " (the CA of NAF certificates; the JVM's public CAs would admit anyone with a"
              + " certificate for a name in nbsp.nafs)");
    }
    boolean aanf =
        v.has(AanfConfig.ENABLED, AanfConfig.OAUTH2_NRF_KEYS) && v.get(AanfConfig.ENABLED);
    boolean nbsp = !v.get(NbspConfig.NAFS).isEmpty();
    if (!nbsp && !aanf) {
      problems.add(
          "nbsp.nafs: required with sbi.enabled=true (identity=naf-group of each NAF allowed on"
              + " Nbsp_GBA), unless the SBI server is there for the AAnF (aanf.enabled=true)");
    }
    boolean certificates =
        v.get(SbiConfig.TLS_ENABLED) && !v.get(SbiConfig.TLS_CLIENT_AUTH).equals("none");
    if ((nbsp || !aanf) && !certificates && v.get(NbspConfig.OAUTH2_NRF_KEYS).isEmpty()) {
      problems.add(
          "sbi.enabled=true: NAFs could not be identified; set sbi.tls.enabled=true with"
              + " sbi.tls.client-auth optional or require, or nbsp.oauth2.nrf-keys");
    }
    if (aanf && !certificates && v.get(AanfConfig.OAUTH2_NRF_KEYS).isEmpty()) {
      problems.add(
          "aanf.enabled=true: AUSFs and AFs could not be identified; set sbi.tls.enabled=true"
              + " with sbi.tls.client-auth optional or require, or aanf.oauth2.nrf-keys");
    }
  }

  /** The NRF's rules (docs/sba.md, "NRF"). */
  static void nrf(CrossChecks.View v, List<String> problems) {
    if (!v.has(
        NrfConfig.ENABLED,
        NrfConfig.API_ROOT,
        NrfConfig.NF_INSTANCE_ID,
        NrfConfig.REGISTER,
        NrfConfig.PROFILE_FQDN,
        NrfConfig.PROFILE_IPV4,
        NbspConfig.OAUTH2_NF_INSTANCE_ID,
        SbiConfig.ENABLED,
        SbiConfig.LISTEN_ADDRESS,
        HssConfig.TYPE)) {
      return;
    }
    if (!v.get(NrfConfig.ENABLED)) {
      return;
    }
    if (v.get(NrfConfig.API_ROOT).isEmpty()) {
      problems.add(
          "nrf.api-root: required with nrf.enabled=true (the NRF's apiRoot, e.g."
              + " https://nrf.5gc.home1.net:443)");
    }
    String own = v.get(NrfConfig.NF_INSTANCE_ID);
    String nbsp = v.get(NbspConfig.OAUTH2_NF_INSTANCE_ID);
    if (own.isEmpty() && nbsp.isEmpty()) {
      problems.add(
          "nrf.nf-instance-id: required with nrf.enabled=true (this BSF's NF instance id, a UUID;"
              + " or set nbsp.oauth2.nf-instance-id)");
    } else if (!own.isEmpty() && !nbsp.isEmpty() && !own.equalsIgnoreCase(nbsp)) {
      problems.add(
          "nrf.nf-instance-id ("
              + v.source(NrfConfig.NF_INSTANCE_ID)
              + "): differs from nbsp.oauth2.nf-instance-id; a BSF has one NF instance id (set"
              + " one of them)");
    }
    String hss = v.get(HssConfig.TYPE);
    boolean hssOnSba = hss.equals("n65") || hss.equals("udm");
    if (!v.get(NrfConfig.REGISTER)) {
      if (!hssOnSba) {
        problems.add(
            "nrf.enabled=true: nothing would use the NRF (nrf.register=false, and hss.type="
                + hss
                + " takes no instances or tokens from it)");
      }
      return;
    }
    if (!v.get(SbiConfig.ENABLED)) {
      problems.add(
          "nrf.register=true: needs sbi.enabled=true (the service registered, nbsp-gba, is served"
              + " by the SBI server); set nrf.register=false to use the NRF for discovery and"
              + " tokens only");
      return;
    }
    if (NrfConfig.profileAddress(
            v.get(NrfConfig.PROFILE_FQDN),
            v.get(NrfConfig.PROFILE_IPV4),
            v.get(SbiConfig.LISTEN_ADDRESS))
        .isEmpty()) {
      problems.add(
          "nrf.profile.fqdn or nrf.profile.ipv4: required with nrf.register=true when"
              + " sbi.listen-address ("
              + v.get(SbiConfig.LISTEN_ADDRESS)
              + ") is no address NAFs can use (the address registered at the NRF)");
    }
  }

  /**
   * The AAnF: served on the SBI server; an NF instance id of its own when it registers or checks
   * tokens; an identity is an AF or a NEF, not both; every AF of aanf.supi-afs is an AF.
   */
  static void aanf(CrossChecks.View v, List<String> problems) {
    if (!v.has(AanfConfig.ENABLED, AanfConfig.NF_INSTANCE_ID, AanfConfig.OAUTH2_NRF_KEYS)
        || !v.has(AanfConfig.AFS, AanfConfig.NEFS, AanfConfig.SUPI_AFS, SbiConfig.ENABLED)
        || !v.has(NrfConfig.ENABLED, NrfConfig.NF_INSTANCE_ID)
        || !v.get(AanfConfig.ENABLED)) {
      return;
    }
    if (!v.get(SbiConfig.ENABLED)) {
      problems.add("aanf.enabled: needs sbi.enabled=true (Naanf_AKMA is served by the SBI server)");
    }
    String id = v.get(AanfConfig.NF_INSTANCE_ID);
    if (id.isEmpty()
        && (v.get(NrfConfig.ENABLED) || v.get(AanfConfig.OAUTH2_NRF_KEYS).isPresent())) {
      problems.add(
          "aanf.nf-instance-id: required with aanf.enabled=true and nrf.enabled or"
              + " aanf.oauth2.nrf-keys (the AAnF's own NF instance id, a UUID)");
    } else if (!id.isEmpty() && id.equalsIgnoreCase(v.get(NrfConfig.NF_INSTANCE_ID))) {
      problems.add("aanf.nf-instance-id: must differ from nrf.nf-instance-id (the BSF's)");
    }
    java.util.Set<String> afs = new java.util.HashSet<>();
    v.get(AanfConfig.AFS).keySet().forEach(af -> afs.add(CrossChecks.lower(af)));
    for (String nef : v.get(AanfConfig.NEFS).keySet()) {
      if (afs.contains(CrossChecks.lower(nef))) {
        problems.add("aanf.nefs: " + nef + " is also in aanf.afs; an identity is an AF or a NEF");
      }
    }
    java.util.Set<String> afGroups = new java.util.HashSet<>();
    v.get(AanfConfig.AFS).values().forEach(g -> afGroups.add(CrossChecks.lower(g)));
    for (String group : new java.util.TreeSet<>(v.get(AanfConfig.NEFS).values())) {
      if (afGroups.contains(CrossChecks.lower(group))) {
        problems.add(
            "aanf.nefs: the group "
                + group
                + " is also an AF group of aanf.afs; a NEF would get the AFs' aanf.af-fqdns"
                + " grants");
      }
    }
    for (String af : v.get(AanfConfig.SUPI_AFS)) {
      if (!afs.contains(af)) {
        problems.add("aanf.supi-afs: " + af + " is no AF of aanf.afs");
      }
    }
  }
}
