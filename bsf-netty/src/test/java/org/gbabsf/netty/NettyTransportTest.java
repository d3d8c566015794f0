package org.gbabsf.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NettyTransportTest {

  private final NettyTransport before = NettyTransport.current();

  @AfterEach
  void restore() {
    NettyTransport.select(before.name());
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  @EnabledIfSystemProperty(named = "os.arch", matches = "amd64|x86_64")
  void should_choose_native_epoll_when_auto_on_linux_x86_64() {
    assertThat(NettyTransport.epollUnavailability()).isEmpty();
    assertThat(NettyTransport.select("auto")).isEqualTo(NettyTransport.EPOLL);
    assertThat(NettyTransport.select("EPOLL")).isEqualTo(NettyTransport.EPOLL);
  }

  @Test
  void should_choose_nio_when_asked() {
    assertThat(NettyTransport.select("nio")).isEqualTo(NettyTransport.NIO);
    assertThat(NettyTransport.current()).isEqualTo(NettyTransport.NIO);
  }

  @Test
  void should_refuse_a_name_that_is_no_transport() {
    assertThatThrownBy(() -> NettyTransport.select("kqueue"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("io.transport: not one of auto, nio, epoll: kqueue");
  }

  @ParameterizedTest
  @EnumSource(NettyTransport.class)
  @EnabledOnOs(OS.LINUX)
  void should_report_a_taken_port_as_a_bind_exception_on_either_transport(NettyTransport transport)
      throws Exception {
    EventLoopGroup loops = transport.group(1);
    try {
      ServerBootstrap server =
          new ServerBootstrap()
              .group(loops)
              .channel(transport.serverChannel())
              .childHandler(new ChannelInboundHandlerAdapter());
      Channel first = server.bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();

      Throwable failure = server.bind(first.localAddress()).awaitUninterruptibly().cause();

      assertThat(NettyTransport.bindFailure(failure))
          .isInstanceOf(java.net.BindException.class)
          .hasMessageContaining("in use");
      first.close().sync();
    } finally {
      loops.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @ParameterizedTest
  @EnumSource(NettyTransport.class)
  @EnabledOnOs(OS.LINUX)
  void should_carry_bytes_over_a_real_socket_and_name_the_transport_of_its_loops(
      NettyTransport transport) throws Exception {
    EventLoopGroup loops = transport.group(1);
    try {
      assertThat(NettyTransport.of(loops)).isEqualTo(transport);
      Channel server =
          new ServerBootstrap()
              .group(loops)
              .channel(transport.serverChannel())
              .childHandler(
                  new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                      ch.pipeline()
                          .addLast(
                              new ChannelInboundHandlerAdapter() {
                                @Override
                                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                  ctx.writeAndFlush(msg); // echo
                                }
                              });
                    }
                  })
              .bind(new InetSocketAddress("127.0.0.1", 0))
              .sync()
              .channel();
      CompletableFuture<String> echoed = new CompletableFuture<>();
      Channel client =
          new Bootstrap()
              .group(loops)
              .channel(NettyTransport.of(loops).socketChannel())
              .handler(
                  new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                      ByteBuf b = (ByteBuf) msg;
                      echoed.complete(b.toString(StandardCharsets.US_ASCII));
                      b.release();
                    }
                  })
              .connect(server.localAddress())
              .sync()
              .channel();

      client.writeAndFlush(Unpooled.copiedBuffer("ping", StandardCharsets.US_ASCII));

      assertThat(echoed.get(10, TimeUnit.SECONDS)).isEqualTo("ping");
      client.close().sync();
      server.close().sync();
    } finally {
      loops.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }
}
