package org.gbabsf.security.tls;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.security.testing.TestPki;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real handshakes over loopback sockets between contexts of {@link NettyTls}. */
class NettyTlsTest {

  @TempDir static Path dir;
  static TestPki pki;
  static TestPki other;
  static EventLoopGroup group;

  @BeforeAll
  static void setUp() {
    pki = TestPki.create(dir, "Handshake CA");
    other = TestPki.create(dir, "Other CA");
    group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
  }

  @AfterAll
  static void tearDown() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** A server on an ephemeral loopback port, reporting to {@code events}. */
  private Channel server(SslContext context, TlsEvents events) {
    return new ServerBootstrap()
        .group(group)
        .channel(NioServerSocketChannel.class)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline().addLast(context.newHandler(ch.alloc()));
                ch.pipeline().addLast(new HandshakeWatcher(events));
              }
            })
        .bind(new InetSocketAddress("127.0.0.1", 0))
        .syncUninterruptibly()
        .channel();
  }

  /** Connects as {@code host} and returns the handshake's session, or its failure. */
  private Object handshake(SslContext client, Channel server, String host, TlsEvents events) {
    int port = ((InetSocketAddress) server.localAddress()).getPort();
    java.util.concurrent.atomic.AtomicReference<SslHandler> ssl =
        new java.util.concurrent.atomic.AtomicReference<>();
    Channel ch =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel c) {
                    ssl.set(client.newHandler(c.alloc(), host, port));
                    c.pipeline().addLast(ssl.get());
                    c.pipeline().addLast(new HandshakeWatcher(events));
                  }
                })
            .connect("127.0.0.1", port)
            .syncUninterruptibly()
            .channel();
    var done = ssl.get().handshakeFuture().awaitUninterruptibly();
    try {
      return done.isSuccess() ? ssl.get().engine().getSession() : done.cause();
    } finally {
      ch.close().syncUninterruptibly();
    }
  }

  /** A client without a certificate of its own, trusting the test CA. */
  private static SslContext trustingClient(boolean verifyHostname) {
    return NettyTls.client(
        TlsMaterial.load(
            "client",
            new TlsFiles(
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.of(pki.caFile()))),
        verifyHostname);
  }

  private static boolean counted(TlsEvents events, TlsFailure reason, long n) {
    return Poll.until(() -> events.count(reason) == n, java.time.Duration.ofSeconds(5));
  }

  @Test
  void should_agree_tls13_with_a_profile_suite_when_both_sides_use_the_profile() {
    TestPki.Issued cert = pki.leaf("bsf.home1.net").dns("bsf.home1.net").issue();
    TlsEvents events = new TlsEvents("ub", registry);
    Channel server = server(NettyTls.server(TlsMaterial.load("ub", cert.files()), false), events);
    try {
      SslContext client = trustingClient(true);

      Object result = handshake(client, server, "bsf.home1.net", events);

      assertThat(result).isInstanceOf(SSLSession.class);
      SSLSession session = (SSLSession) result;
      assertThat(session.getProtocol()).isEqualTo("TLSv1.3");
      assertThat(TlsProfile.TLS13_SUITES).contains(session.getCipherSuite());
    } finally {
      server.close().syncUninterruptibly();
    }
  }

  @Test
  void should_count_the_reason_when_a_client_offers_only_suites_outside_the_profile()
      throws Exception {
    TestPki.Issued cert = pki.leaf("old.home1.net").dns("old.home1.net").issue();
    TlsEvents events = new TlsEvents("ub", registry);
    Channel server = server(NettyTls.server(TlsMaterial.load("ub", cert.files()), false), events);
    try {
      SslContext cbc =
          SslContextBuilder.forClient()
              .trustManager(pki.caCertificate())
              .protocols("TLSv1.2")
              .ciphers(java.util.List.of("TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256"))
              .build();

      handshake(cbc, server, "old.home1.net", new TlsEvents("client", registry));

      assertThat(counted(events, TlsFailure.NO_COMMON_PARAMETERS, 1)).isTrue();
    } finally {
      server.close().syncUninterruptibly();
    }
  }

  @Test
  void should_refuse_and_count_client_certificates_when_expired_of_another_ca_or_missing() {
    TestPki.Issued serverCert = pki.leaf("diameter.home1.net").dns("diameter.home1.net").issue();
    TlsEvents events = new TlsEvents("diameter", registry);
    Channel server =
        server(NettyTls.server(TlsMaterial.load("diameter", serverCert.files()), true), events);
    try {
      TestPki.Issued good = pki.leaf("naf.home1.net").dns("naf.home1.net").issue();
      TestPki.Issued expired = pki.leaf("late.home1.net").dns("late.home1.net").expired().issue();
      TestPki.Issued stranger = other.leaf("stranger.home1.net").dns("stranger.home1.net").issue();
      TlsEvents clientEvents = new TlsEvents("client", registry);

      Object ok =
          handshake(
              NettyTls.client(TlsMaterial.load("c", good.files(pki.caFile())), false),
              server,
              "diameter.home1.net",
              clientEvents);
      handshake(
          NettyTls.client(TlsMaterial.load("c", expired.files(pki.caFile())), false),
          server,
          "diameter.home1.net",
          clientEvents);
      handshake(
          NettyTls.client(TlsMaterial.load("c", stranger.files(pki.caFile())), false),
          server,
          "diameter.home1.net",
          clientEvents);
      handshake(trustingClient(false), server, "diameter.home1.net", clientEvents);

      assertThat(ok).isInstanceOf(SSLSession.class);
      assertThat(counted(events, TlsFailure.EXPIRED, 1)).isTrue();
      // A JDK client offers no certificate of a CA the server does not list: the stranger's
      // handshake ends like the one without a certificate.
      assertThat(counted(events, TlsFailure.NO_CERTIFICATE, 2)).isTrue();
    } finally {
      server.close().syncUninterruptibly();
    }
  }

  @Test
  void should_refuse_a_server_when_its_certificate_comes_from_an_untrusted_ca() {
    TestPki.Issued cert = other.leaf("bsf.home1.net").dns("bsf.home1.net").issue();
    Channel server =
        server(
            NettyTls.server(TlsMaterial.load("ub", cert.files()), false),
            new TlsEvents("ub", registry));
    try {
      TlsEvents clientEvents = new TlsEvents("client", registry);
      SslContext client = trustingClient(true);

      Object result = handshake(client, server, "bsf.home1.net", clientEvents);

      assertThat(result).isInstanceOf(Throwable.class);
      assertThat(clientEvents.count(TlsFailure.UNTRUSTED)).isEqualTo(1);
    } finally {
      server.close().syncUninterruptibly();
    }
  }

  @Test
  void should_refuse_a_server_when_its_certificate_names_another_host() {
    TestPki.Issued cert = pki.leaf("elsewhere.example").dns("elsewhere.example").issue();
    Channel server =
        server(
            NettyTls.server(TlsMaterial.load("ub", cert.files()), false),
            new TlsEvents("ub", registry));
    try {
      TlsEvents clientEvents = new TlsEvents("client", registry);
      SslContext client = trustingClient(true);

      Object result = handshake(client, server, "bsf.home1.net", clientEvents);

      assertThat(result).isInstanceOf(Throwable.class);
      assertThat(clientEvents.count(TlsFailure.NAME_MISMATCH)).isEqualTo(1);
    } finally {
      server.close().syncUninterruptibly();
    }
  }

  @Test
  void should_present_the_new_certificate_on_the_next_handshake_when_the_files_are_reloaded()
      throws Exception {
    TestPki.Issued first = pki.leaf("first.home1.net").dns("bsf.home1.net").fileName("rot").issue();
    TlsMaterial material = TlsMaterial.load("ub", first.files());
    TlsEvents events = new TlsEvents("ub", registry).watchExpiry(material, registry);
    Channel server = server(NettyTls.server(material, false), events);
    try {
      SslContext client = trustingClient(true);
      X509Certificate before =
          (X509Certificate)
              ((SSLSession) handshake(client, server, "bsf.home1.net", events))
                  .getPeerCertificates()[0];

      TestPki.Issued second =
          pki.leaf("second.home1.net").dns("bsf.home1.net").fileName("rot").issue();
      assertThat(Files.readString(first.certificate()))
          .isEqualTo(Files.readString(second.certificate()));
      String described = material.reload();
      // A new client: the first one may resume its TLS 1.3 session (the ticket arrives after
      // the handshake, so whether it did is a race), and a resumed session keeps the
      // certificate it was authenticated with.
      X509Certificate after =
          (X509Certificate)
              ((SSLSession) handshake(trustingClient(true), server, "bsf.home1.net", events))
                  .getPeerCertificates()[0];

      assertThat(before.getSubjectX500Principal().getName()).isEqualTo("CN=first.home1.net");
      assertThat(after.getSubjectX500Principal().getName()).isEqualTo("CN=second.home1.net");
      assertThat(described).startsWith("certificate CN=second.home1.net names [bsf.home1.net]");
      assertThat(registry.get("bsf.tls.certificate.expiry").gauge().value())
          .isEqualTo(second.cert().getNotAfter().toInstant().getEpochSecond());
    } finally {
      server.close().syncUninterruptibly();
    }
  }

  @Test
  void should_refuse_to_load_when_the_key_is_not_the_certificates() {
    TestPki.Issued a = pki.leaf("a.home1.net").issue();
    TestPki.Issued b = pki.leaf("b.home1.net").issue();

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                TlsMaterial.load(
                    "ub",
                    new TlsFiles(
                        java.util.Optional.of(a.certificate()),
                        java.util.Optional.of(b.privateKey()),
                        java.util.Optional.empty())))
        .isInstanceOf(org.gbabsf.security.SecurityMaterialException.class)
        .hasMessage(
            b.privateKey() + ": the private key does not match the certificate's public key");
  }
}
