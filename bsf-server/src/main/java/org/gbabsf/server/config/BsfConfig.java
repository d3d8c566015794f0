package org.gbabsf.server.config;

/**
 * The BSF's validated configuration: one typed, immutable section per interface ({@link #ub()},
 * {@link #zh()}, {@link #sbi()}…), each made once by {@link ConfigLoader} from the values of its
 * keys. An assembly takes the sections it is built from and nothing else.
 */
public final class BsfConfig {

  private final ResolvedConfig resolved;
  private final NodeConfig node;
  private final UbConfig ub;
  private final StoreConfig store;
  private final AdminConfig admin;
  private final CassandraConfig cassandra;
  private final DiameterConfig diameter;
  private final ZhConfig zh;
  private final ZnConfig zn;
  private final HssConfig hss;
  private final SecurityConfig security;
  private final SbiConfig sbi;
  private final SbiClientConfig sbiClient;
  private final NbspConfig nbsp;
  private final N65Config n65;
  private final UdmConfig udm;
  private final NrfConfig nrf;
  private final AanfConfig aanf;
  private final NafProxyConfig nafProxy;

  BsfConfig(ResolvedConfig resolved) {
    this.resolved = resolved;
    this.node = NodeConfig.from(resolved);
    this.ub = UbConfig.from(resolved);
    this.store = StoreConfig.from(resolved);
    this.admin = AdminConfig.from(resolved);
    this.cassandra = CassandraConfig.from(resolved);
    this.diameter = DiameterConfig.from(resolved);
    this.zh = ZhConfig.from(resolved);
    this.zn = ZnConfig.from(resolved);
    this.hss = HssConfig.from(resolved);
    this.security = SecurityConfig.from(resolved);
    this.sbi = SbiConfig.from(resolved);
    this.sbiClient = SbiClientConfig.from(resolved);
    this.nbsp = NbspConfig.from(resolved);
    this.n65 = N65Config.from(resolved);
    this.udm = UdmConfig.from(resolved);
    this.nrf = NrfConfig.from(resolved);
    this.aanf = AanfConfig.from(resolved);
    this.nafProxy = NafProxyConfig.from(resolved);
  }

  /**
   * The BSF node as a whole: its name (the domain of every B-TID) and the network I/O of every
   * interface.
   */
  public NodeConfig node() {
    return node;
  }

  /**
   * The Ub interface (TS 24.109, HTTP Digest AKA toward UEs): its server, its limits and its TLS.
   */
  public UbConfig ub() {
    return ub;
  }

  /**
   * Where challenges and sessions live (memory, Cassandra, hybrid), how long sessions last, and
   * whether keys are sealed.
   */
  public StoreConfig store() {
    return store;
  }

  /** The admin server: health, readiness and metrics, with its TLS and the metrics token. */
  public AdminConfig admin() {
    return admin;
  }

  /**
   * The Cassandra cluster of store.type cassandra: contact points, keyspace, consistency,
   * credentials and TLS.
   */
  public CassandraConfig cassandra() {
    return cassandra;
  }

  /**
   * The BSF's Diameter node (RFC 6733): its identity, listener, watchdog, limits, TLS and the
   * sources peers may connect from.
   */
  public DiameterConfig diameter() {
    return diameter;
  }

  /** Zh toward the HSS (TS 29.109): peers, realm, timeouts and the GUSS cache. */
  public ZhConfig zh() {
    return zh;
  }

  /**
   * Zn toward NAFs (TS 29.109): which NAFs are admitted, their groups and the NAF_Id FQDNs granted
   * to them.
   */
  public ZnConfig zn() {
    return zn;
  }

  /** Where vectors and GUSS come from (hss.type), and the simulated HSS. */
  public HssConfig hss() {
    return hss;
  }

  /** How often TLS material, key rings and token files are read again. */
  public SecurityConfig security() {
    return security;
  }

  /** The SBI server (HTTP/2, TS 29.500) that serves Nbsp_GBA: listener, limits and TLS. */
  public SbiConfig sbi() {
    return sbi;
  }

  /** The SBI client toward N65/N68 instances and the NRF: timeouts, connections and TLS. */
  public SbiClientConfig sbiClient() {
    return sbiClient;
  }

  /** Nbsp_GBA (TS 29.309) toward NAFs: admitted NAFs, their FQDN grants, OAuth2. */
  public NbspConfig nbsp() {
    return nbsp;
  }

  /** N65 toward the HSS over the SBA (TS 29.562). */
  public N65Config n65() {
    return n65;
  }

  /** N68 toward the UDM (TS 29.503), and the GUSS that N68 does not carry. */
  public UdmConfig udm() {
    return udm;
  }

  /** The NRF (TS 29.510): registration, discovery of HSS or UDM instances, access tokens. */
  public NrfConfig nrf() {
    return nrf;
  }

  /**
   * The AAnF of AKMA (Naanf_AKMA of TS 29.535): its callers, lifetimes, AF_ID mapping, tokens and
   * NRF profile.
   */
  public AanfConfig aanf() {
    return aanf;
  }

  /**
   * The NAF authentication proxy (TS 24.109 §7, bsf naf-proxy): Ua listener, routes, its Zn link to
   * the BSF.
   */
  public NafProxyConfig nafProxy() {
    return nafProxy;
  }

  /** The value of any key, for the loader's own checks and tests; assemblies read sections. */
  <T> T get(ConfigKey<T> key) {
    return resolved.get(key);
  }

  /** Where the value of a key of {@link BsfConfigKeys#all()} came from. */
  public ConfigSource source(ConfigKey<?> key) {
    return resolved.source(key);
  }

  /**
   * The effective configuration for the startup log: one {@code key = value (source)} line per key,
   * in {@link BsfConfigKeys#all()} order, secret values masked.
   */
  public String describe() {
    return resolved.describe();
  }

  /** Same as {@link #describe()}. */
  @Override
  public String toString() {
    return describe();
  }
}
