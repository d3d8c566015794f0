package org.gbabsf.diameter;

import java.util.ArrayList;
import java.util.List;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterNodeConfig.RealmRoute;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.transport.DiameterTransport;
import org.gbabsf.diameter.transport.NettyConnection;
import org.gbabsf.diameter.transport.NettyNetworkGuard;
import org.gbabsf.diameter.transport.NodeConfiguration;
import org.jdiameter.client.impl.helpers.AppConfiguration;
import org.jdiameter.server.impl.helpers.EmptyConfiguration;
import org.jdiameter.server.impl.helpers.ExtensionPoint;
import org.jdiameter.server.impl.helpers.Parameters;

/** jdiameter's configuration of a node: a pure function of the node's own. */
final class StackConfiguration {

  private StackConfiguration() {}

  /** The jdiameter configuration for {@code c}. Boxed types must match exactly (Long, Integer). */
  static EmptyConfiguration of(DiameterNodeConfig c, DiameterTransport transport) {
    EmptyConfiguration cfg = new NodeConfiguration(transport);
    cfg.add(Parameters.OwnDiameterURI, "aaa://" + c.originHost() + ":" + c.listenPort())
        .add(Parameters.OwnRealm, c.originRealm())
        .add(Parameters.OwnVendorID, BaseAvps.VENDOR_3GPP)
        .add(Parameters.OwnProductName, c.productName())
        .add(Parameters.OwnFirmwareRevision, 1L)
        .add(
            Parameters.OwnIPAddresses,
            EmptyConfiguration.getInstance().add(Parameters.OwnIPAddress, c.listenAddress()))
        // Admission is decided by our PeerGate on the CER, before the stack sees it.
        .add(Parameters.AcceptUndefinedPeer, true)
        .add(Parameters.DuplicateProtection, false)
        // One event thread per peer, so that a peer's events are taken in order (jdiameter keeps
        // the count in a static field: every node of the process gets it). With jdiameter's
        // default of three, a request sent right after the CEA could be taken before the CER's
        // thread had moved the peer to OKAY, and was dropped unanswered; a close taken beside a
        // request cleared the peer's statistics under it (FreshConnectionIT). OneThreadFsmFactory
        // keeps it one when a new peer's first event comes before its thread runs.
        .add(Parameters.PeerFSMThreadCount, 1)
        .add(Parameters.MessageTimeOut, 60_000L)
        .add(Parameters.CeaTimeOut, 5_000L)
        .add(Parameters.IacTimeOut, c.watchdogInterval().toMillis())
        .add(Parameters.DwaTimeOut, 5_000L)
        .add(Parameters.DpaTimeOut, 2_000L)
        .add(Parameters.RecTimeOut, c.reconnectInterval().toMillis())
        .add(
            Parameters.Dictionary,
            EmptyConfiguration.getInstance().add(Parameters.DictionaryEnabled, false));
    List<org.jdiameter.api.Configuration> apps = new ArrayList<>();
    for (AppId a : c.applications()) {
      apps.add(app(a));
    }
    cfg.add(Parameters.ApplicationId, apps.toArray(org.jdiameter.api.Configuration[]::new));
    if (!c.peers().isEmpty()) {
      List<org.jdiameter.api.Configuration> peers = new ArrayList<>();
      for (PeerConfig p : c.peers()) {
        AppConfiguration peer =
            EmptyConfiguration.getInstance()
                .add(Parameters.PeerName, "aaa://" + p.host() + ":" + p.port())
                .add(Parameters.PeerIp, p.address())
                .add(Parameters.PeerRating, p.priority())
                .add(Parameters.PeerAttemptConnection, p.connect());
        if (c.tls().requiredFor(p.host())) {
          // jdiameter hands a peer's security reference to the connection it creates for it:
          // the connection then speaks TLS to that host and checks its certificate, or fails.
          peer.add(Parameters.SecurityRef, NettyConnection.tlsSecurityRef(p.host()));
        }
        peers.add(peer);
      }
      cfg.add(Parameters.PeerTable, peers.toArray(org.jdiameter.api.Configuration[]::new));
    }
    if (!c.routes().isEmpty()) {
      List<org.jdiameter.api.Configuration> entries = new ArrayList<>();
      for (RealmRoute r : c.routes()) {
        entries.add(
            EmptyConfiguration.getInstance()
                .add(
                    Parameters.RealmEntry,
                    EmptyConfiguration.getInstance()
                        .add(Parameters.RealmName, r.realm())
                        .add(Parameters.RealmHosts, String.join(",", r.hosts()))
                        .add(Parameters.RealmLocalAction, "LOCAL")
                        .add(Parameters.RealmEntryIsDynamic, false)
                        .add(Parameters.RealmEntryExpTime, 0L)
                        .add(Parameters.ApplicationId, app(r.application()))));
      }
      cfg.add(Parameters.RealmTable, entries.toArray(org.jdiameter.api.Configuration[]::new));
    }
    AppConfiguration internal =
        (AppConfiguration)
            cfg.getChildren(Parameters.Extensions.ordinal())[ExtensionPoint.Internal.id()];
    internal.add(ExtensionPoint.InternalNetworkGuard, NettyNetworkGuard.class.getName());
    internal.add(ExtensionPoint.InternalConnectionClass, NettyConnection.class.getName());
    internal.add(ExtensionPoint.InternalPeerFsmFactory, OneThreadFsmFactory.class.getName());
    return cfg;
  }

  private static AppConfiguration app(AppId a) {
    return EmptyConfiguration.getInstance()
        .add(Parameters.VendorId, a.vendorId())
        .add(Parameters.AuthApplId, a.authApplicationId());
  }
}
