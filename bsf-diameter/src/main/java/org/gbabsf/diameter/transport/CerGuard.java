package org.gbabsf.diameter.transport;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseCommands;
import org.gbabsf.diameter.base.ResultCodes;
import org.jdiameter.api.Peer;

/**
 * The admission of an accepted connection, on the I/O thread: its first message must be a CER that
 * passes the node's {@link CerGate}, within the CER timeout, while at most so many connections wait
 * for theirs. A CER from a peer that is not configured gets a CEA with Result-Code 3010
 * DIAMETER_UNKNOWN_PEER (RFC 6733 §5.3, §7.1.3, E bit); a CER without exactly one plain Origin-Host
 * and Origin-Realm gets 5005, 5009 or 5004 (the stack reads identities loosely, ignoring vendor
 * flags, so such a CER must never reach it); a first message that is not a CER, a missed deadline
 * or one connection too many are closed without answer. Until admitted, a connection is only bytes
 * in a buffer: no stack object and no thread of its own.
 */
final class CerGuard extends ChannelInboundHandlerAdapter {

  static final int CER = BaseCommands.CAPABILITIES_EXCHANGE;
  static final int HOST_IP_ADDRESS = 257;
  static final int PRODUCT_NAME = 269;
  static final int ERROR_MESSAGE = 281;

  private final DiameterTransport transport;
  private final Peer local;
  private final AtomicInteger pendingConnections;
  private final BiConsumer<ChannelHandlerContext, String> onAdmitted;
  private final boolean overTls;
  private boolean counted;
  private boolean admitted;
  private boolean refused;
  private ScheduledFuture<?> deadline;

  /**
   * A guard answering as {@code local}; {@code pendingConnections} counts the node's connections
   * still waiting for their CER; {@code onAdmitted} joins the connection of the admitted
   * Origin-Host to the stack (before the CER is passed on). {@code overTls} if the connection came
   * through the TLS port: its CER's Origin-Host must then be named by the peer's certificate;
   * without it, a peer that must use TLS is refused.
   */
  CerGuard(
      DiameterTransport transport,
      Peer local,
      AtomicInteger pendingConnections,
      BiConsumer<ChannelHandlerContext, String> onAdmitted,
      boolean overTls) {
    this.overTls = overTls;
    this.transport = transport;
    this.local = local;
    this.pendingConnections = pendingConnections;
    this.onAdmitted = onAdmitted;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    counted = true;
    if (pendingConnections.incrementAndGet() > transport.limits().maxPendingConnections()) {
      refuse(ctx, CerGate.Refusal.TOO_MANY_PENDING, null, null, null, 0);
      return;
    }
    deadline =
        ctx.executor()
            .schedule(
                () -> {
                  if (!admitted && !refused) {
                    refuse(ctx, CerGate.Refusal.CER_TIMEOUT, null, null, null, 0);
                  }
                },
                transport.limits().cerTimeout().toMillis(),
                TimeUnit.MILLISECONDS);
    ctx.fireChannelActive();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    settle();
    ctx.fireChannelInactive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (admitted || msg instanceof FrameDecoder.Rejected) {
      ctx.fireChannelRead(msg); // a framing violation is answered by the screen
      return;
    }
    if (refused) {
      return;
    }
    byte[] bytes = (byte[]) msg;
    Optional<DiameterMessage> decoded = DiameterWire.decode(bytes);
    if (decoded.isEmpty() || !decoded.get().request() || decoded.get().commandCode() != CER) {
      refuse(ctx, CerGate.Refusal.NOT_A_CER, null, null, null, 0);
      return;
    }
    DiameterMessage cer = decoded.get();
    List<Avp> hosts = identities(cer, BaseAvps.ORIGIN_HOST);
    List<Avp> realms = identities(cer, BaseAvps.ORIGIN_REALM);
    String host = hosts.isEmpty() ? null : hosts.get(0).utf8();
    String realm = realms.isEmpty() ? null : realms.get(0).utf8();
    long invalid = invalidIdentities(hosts, realms);
    if (invalid != 0) {
      refuse(ctx, CerGate.Refusal.INVALID_CER, cer, host, realm, invalid);
    } else if (!transport.gate().admits(host, realm)) {
      refuse(ctx, CerGate.Refusal.UNKNOWN_PEER, cer, host, realm, ResultCodes.UNKNOWN_PEER);
    } else if (!transport.gate().fromBoundSource(host, realm, source(ctx), overTls)) {
      refuse(ctx, CerGate.Refusal.SOURCE_NOT_ALLOWED, cer, host, realm, ResultCodes.UNKNOWN_PEER);
    } else if (!overTls && transport.tls().requiredFor(host)) {
      refuse(ctx, CerGate.Refusal.TLS_REQUIRED, cer, host, realm, ResultCodes.NO_COMMON_SECURITY);
    } else if (overTls && !certificateNames(ctx, host)) {
      refuse(ctx, CerGate.Refusal.CERTIFICATE_MISMATCH, cer, host, realm, ResultCodes.UNKNOWN_PEER);
    } else {
      admitted = true;
      settle();
      onAdmitted.accept(ctx, host);
      ctx.fireChannelRead(bytes);
    }
  }

  /**
   * True if the certificate the peer presented in the TLS handshake names {@code host}; else the
   * mismatch is reported to the TLS events (never trusting the CER's claim alone).
   */
  private boolean certificateNames(ChannelHandlerContext ctx, String host) {
    io.netty.handler.ssl.SslHandler ssl = ctx.pipeline().get(io.netty.handler.ssl.SslHandler.class);
    java.util.Optional<java.util.List<String>> mismatch =
        ssl == null
            ? java.util.Optional.of(java.util.List.<String>of())
            : org.gbabsf.security.tls.CertNames.mismatch(
                ssl.engine().getSession(),
                host,
                // never for a configured peer (the HSS): no NAF certificate may stand for it
                transport.tls().wildcards() && transport.connectsTo(host).isEmpty());
    if (mismatch.isEmpty()) {
      return true;
    }
    transport
        .tls()
        .events()
        .failed(
            ctx.channel().remoteAddress(),
            org.gbabsf.security.tls.TlsFailure.IDENTITY_MISMATCH,
            "its certificate names "
                + mismatch.get()
                + ", its CER Origin-Host "
                + org.gbabsf.diameter.PeerWarnings.printable(host));
    return false;
  }

  /** The address the connection comes from; null if it has none (never trusted as any). */
  private static InetAddress source(ChannelHandlerContext ctx) {
    return ctx.channel().remoteAddress() instanceof java.net.InetSocketAddress a
        ? a.getAddress()
        : null;
  }

  /** Leaves the count of pending connections, once, and cancels the deadline. */
  private void settle() {
    if (counted) {
      counted = false;
      pendingConnections.decrementAndGet();
    }
    if (deadline != null) {
      deadline.cancel(false);
    }
  }

  /** Every top-level AVP with {@code code}, whatever its vendor. */
  private static List<Avp> identities(DiameterMessage cer, int code) {
    List<Avp> out = new ArrayList<>();
    for (Avp a : cer.avps()) {
      if (a.code() == code) {
        out.add(a);
      }
    }
    return out;
  }

  /**
   * 0 if there is exactly one Origin-Host and one Origin-Realm, without vendor, in printable ASCII
   * (a DiameterIdentity is an FQDN); else the result code of the CEA refusing the CER: 5005
   * missing, 5009 more than once (RFC 6733 §7.1.5), 5004 a vendor-specific or non-ASCII one.
   */
  static long invalidIdentities(List<Avp> hosts, List<Avp> realms) {
    if (hosts.isEmpty() || realms.isEmpty()) {
      return ResultCodes.MISSING_AVP;
    }
    if (hosts.size() > 1 || realms.size() > 1) {
      return ResultCodes.AVP_OCCURS_TOO_MANY_TIMES;
    }
    for (Avp a : List.of(hosts.get(0), realms.get(0))) {
      if (a.vendorId() != 0 || a.octets().length == 0 || !printableAscii(a.octets())) {
        return ResultCodes.INVALID_AVP_VALUE;
      }
    }
    return 0;
  }

  private static boolean printableAscii(byte[] value) {
    for (byte b : value) {
      if (b <= 0x20 || b >= 0x7f) {
        return false;
      }
    }
    return true;
  }

  /** Answers {@code cer} with {@code resultCode} (none when {@code cer} is null), then closes. */
  private void refuse(
      ChannelHandlerContext ctx,
      CerGate.Refusal reason,
      DiameterMessage cer,
      String host,
      String realm,
      long resultCode) {
    refused = true;
    settle();
    transport.gate().refused(reason, host, realm, ScreenHandler.remote(ctx));
    if (cer != null) {
      ctx.writeAndFlush(
              Unpooled.wrappedBuffer(DiameterWire.encode(refusal(cer, resultCode, reason))))
          .addListener(ChannelFutureListener.CLOSE);
    } else {
      ctx.close();
    }
  }

  /** The CEA refusing {@code cer}: the mandatory CEA AVPs of RFC 6733 §5.3.2 and the reason. */
  private DiameterMessage refusal(DiameterMessage cer, long resultCode, CerGate.Refusal reason) {
    List<Avp> avps = new ArrayList<>();
    avps.add(Avp.u32(BaseAvps.RESULT_CODE, 0, true, resultCode));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, local.getUri().getFQDN()));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, local.getRealmName()));
    for (InetAddress a : local.getIPAddresses()) {
      avps.add(Avp.octets(HOST_IP_ADDRESS, 0, true, address(a)));
    }
    avps.add(Avp.u32(BaseAvps.VENDOR_ID, 0, true, local.getVendorId()));
    avps.add(Avp.utf8(PRODUCT_NAME, 0, false, local.getProductName()));
    avps.add(Avp.utf8(ERROR_MESSAGE, 0, false, errorMessage(reason)));
    // 3xxx protocol errors set the E bit (RFC 6733 §7.1.3); 5xxx permanent failures do not.
    return DiameterMessage.answerTo(cer, resultCode / 1000 == 3, avps);
  }

  private String errorMessage(CerGate.Refusal reason) {
    return switch (reason) {
      case TLS_REQUIRED ->
          "this peer must connect with TLS"
              + (transport.tls().port() != 0 ? " (port " + transport.tls().port() + ")" : "");
      case CERTIFICATE_MISMATCH -> "the certificate does not name the Origin-Host";
      case UNKNOWN_PEER -> "peer not configured";
      // as for an unknown peer: a prober learns nothing of which names are bound where
      case SOURCE_NOT_ALLOWED -> "peer not configured";
      default -> "invalid identity";
    };
  }

  /** An Address AVP value (RFC 6733 §4.3.1): address family (1 IPv4, 2 IPv6), then the octets. */
  static byte[] address(InetAddress a) {
    byte[] raw = a.getAddress();
    byte[] out = new byte[2 + raw.length];
    out[1] = (byte) (a instanceof Inet4Address ? 1 : 2);
    System.arraycopy(raw, 0, out, 2, raw.length);
    return out;
  }
}
