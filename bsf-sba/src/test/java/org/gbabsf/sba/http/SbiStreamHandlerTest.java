package org.gbabsf.sba.http;

import static io.netty.handler.codec.http.HttpMethod.DELETE;
import static io.netty.handler.codec.http.HttpMethod.GET;
import static io.netty.handler.codec.http.HttpMethod.POST;
import static io.netty.handler.codec.http.HttpMethod.PUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.http.StreamHarness.NBSP;
import static org.gbabsf.sba.http.StreamHarness.content;
import static org.gbabsf.sba.http.StreamHarness.full;
import static org.gbabsf.sba.http.StreamHarness.head;
import static org.gbabsf.sba.http.StreamHarness.last;
import static org.gbabsf.sba.http.StreamHarness.utf8;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stream handler's requests: the body gathered and handed to the service, and the answers of TS
 * 29.500 §5.2 given from the head alone.
 */
class SbiStreamHandlerTest {

  private final StreamHarness h = new StreamHarness();

  @Test
  void should_give_the_service_the_assembled_body_and_path_params_when_content_comes_in_parts() {
    String body = "{\"btId\":\"a@b.org\",\"x\":[1,2]}";
    HttpContent one = content(body.substring(0, 5));
    HttpContent two = content("");
    HttpContent three = content(body.substring(5, 17));
    LastHttpContent four = last(body.substring(17));

    h.send(
        head(
            POST,
            "/api/v1/impi-user%40home1.net/things?x=1&x=2&y",
            (long) body.length(),
            "application/json"),
        one,
        two,
        three);
    assertThat(h.requests).isEmpty();
    h.assertNoAnswer();
    h.send(four);

    assertThat(h.requests).hasSize(1);
    SbiRequest r = h.requests.get(0);
    assertThat(r.method()).isEqualTo("POST");
    assertThat(r.path()).isEqualTo("/api/v1/impi-user%40home1.net/things");
    assertThat(r.pathParams()).isEqualTo(Map.of("id", "impi-user@home1.net"));
    assertThat(r.query()).isEqualTo(Map.of("x", List.of("1", "2"), "y", List.of("")));
    assertThat(r.body()).isEqualTo(utf8(body));
    assertThat(r.header("content-type")).contains("application/json");
    assertThat(r.peer()).isEqualTo(StreamHarness.PEER);
    StreamHarness.Answer a = h.answer();
    assertThat(a.status()).isEqualTo(200);
    assertThat(a.headers()).containsEntry("content-type", "application/json");
    assertThat(a.text()).isEqualTo("{\"ok\":true}");
    assertThat(h.channel.isOpen()).isTrue();
    assertThat(List.of(one, two, three, four)).allSatisfy(c -> assertThat(c.refCnt()).isZero());
    assertThat(h.requestsCounted("api", 200)).isEqualTo(1);
    assertThat(h.metrics.inFlight.get()).isZero();
  }

  @Test
  void should_serve_the_request_when_it_comes_in_one_object() {
    h.send(full(POST, NBSP, "application/json", "{}"));

    assertThat(h.requests).extracting(SbiRequest::method).containsExactly("POST");
    assertThat(h.requests.get(0).body()).isEqualTo(utf8("{}"));
    assertThat(h.answer().status()).isEqualTo(200);
  }

  @Test
  void should_serve_a_get_without_body_when_its_last_content_is_empty() {
    h.send(head(GET, "/api/v1/x/things", null, null), last(""));

    assertThat(h.requests).extracting(SbiRequest::method).containsExactly("GET");
    assertThat(h.requests.get(0).body()).isEmpty();
    assertThat(h.answer().status()).isEqualTo(200);
  }

  @Test
  void should_serve_one_request_only_when_a_stream_carries_more() {
    h.send(full(POST, NBSP, "application/json", "{}"));
    HttpContent extra = last("{}");
    h.send(full(POST, NBSP, "application/json", "{}"), extra);

    assertThat(h.requests).hasSize(1);
    assertThat(h.answer().status()).isEqualTo(200);
    h.assertNoAnswer();
    assertThat(extra.refCnt()).isZero();
  }

  @Test
  void should_pass_the_service_answer_headers_and_status_when_it_answers() {
    h.service =
        r ->
            CompletableFuture.completedFuture(
                SbiResponse.empty(204).withHeader("location", "/x/1"));

    h.send(full(POST, NBSP, "application/json", "{}"));

    StreamHarness.Answer a = h.answer();
    assertThat(a.status()).isEqualTo(204);
    assertThat(a.headers()).containsEntry("location", "/x/1").containsEntry("content-length", "0");
    assertThat(a.body()).isEmpty();
  }

  @Test
  void should_answer_404_from_the_head_and_close_the_stream_when_no_route_has_the_path() {
    h.send(head(POST, "/nbsp-gba/v1/unknown?q=1", 2L, "application/json"));

    StreamHarness.Answer a = h.answer().assertProblem("RESOURCE_URI_STRUCTURE_NOT_FOUND");
    assertThat(a.status()).isEqualTo(404);
    assertThat(a.text()).contains("/nbsp-gba/v1/unknown").doesNotContain("q=1");
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(h.requests).isEmpty();
    assertThat(h.requestsCounted("none", 404)).isEqualTo(1);
  }

  @Test
  void should_answer_400_invalid_api_when_the_path_has_a_malformed_escape() {
    h.send(head(GET, "/api/v1/%G1/things", null, null));

    assertThat(h.answer().assertProblem("INVALID_API").status()).isEqualTo(400);
    assertThat(h.channel.isOpen()).isFalse();
  }

  @Test
  void should_answer_405_with_the_allowed_methods_and_close_when_the_method_is_wrong() {
    h.send(head(DELETE, "/api/v1/x/things", null, null));

    StreamHarness.Answer a = h.answer().assertProblem(null);
    assertThat(a.status()).isEqualTo(405);
    assertThat(a.headers()).containsEntry("allow", "GET, POST");
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(h.requests).isEmpty();
  }

  @Test
  void should_answer_411_and_close_when_a_post_has_no_content_length() {
    HttpContent rest = content("{}");
    h.send(head(POST, NBSP, null, "application/json"));

    assertThat(h.answer().assertProblem("INCORRECT_LENGTH").assertNbspAnswer().status())
        .isEqualTo(411);
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(h.requests).isEmpty();
    rest.release();
  }

  @Test
  void should_answer_413_from_the_head_and_close_when_content_length_is_above_the_limit() {
    h.send(head(POST, NBSP, 64L * 1024 + 1, "application/json"));

    StreamHarness.Answer a = h.answer().assertProblem(null).assertNbspAnswer();
    assertThat(a.status()).isEqualTo(413);
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(h.requestsCounted("nbsp-gba", 413)).isEqualTo(1);
  }

  @Test
  void should_serve_the_request_when_the_body_is_exactly_the_limit() {
    String body = "\"" + "a".repeat(64 * 1024 - 2) + "\"";

    h.send(full(POST, NBSP, "application/json", body));

    assertThat(h.answer().status()).isEqualTo(200);
    assertThat(h.requests.get(0).body()).hasSize(64 * 1024);
  }

  @Test
  void should_answer_413_and_close_when_more_bytes_come_than_content_length_announced() {
    h.send(head(POST, NBSP, 4L, "application/json"), content("{\"a\""));
    HttpContent tooMuch = content(":1}");
    h.send(tooMuch);

    assertThat(h.answer().assertNbspAnswer().status()).isEqualTo(413);
    assertThat(tooMuch.refCnt()).isZero();
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(h.requests).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON ;charset=UTF-8",
        "application/merge-patch+json",
        "application/problem+json"
      })
  void should_serve_the_request_when_the_content_type_is_json(String type) {
    h.send(full(POST, NBSP, type, "{}"));

    assertThat(h.answer().status()).isEqualTo(200);
    assertThat(h.requests).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "text/json",
        "text/plain",
        "application/xml",
        "application/jsonp",
        "application/x-www-form-urlencoded",
        ""
      })
  void should_answer_415_from_the_head_and_close_when_the_content_type_is_not_json(String type) {
    h.send(head(POST, NBSP, 2L, type.isEmpty() ? null : type));

    StreamHarness.Answer a = h.answer().assertProblem(null).assertNbspAnswer();
    assertThat(a.status()).isEqualTo(415);
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(h.requests).isEmpty();
    assertThat(h.requestsCounted("nbsp-gba", 415)).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/x-www-form-urlencoded",
        "Application/X-WWW-Form-Urlencoded; charset=utf-8",
        "application/json"
      })
  void should_serve_the_request_when_its_route_takes_the_content_type(String type) {
    h.send(full(POST, StreamHarness.FORM_PATH, type, "grant_type=client_credentials"));

    assertThat(h.answer().status()).isEqualTo(200);
    assertThat(h.requests).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"text/plain", "multipart/form-data", ""})
  void should_answer_415_when_the_content_type_is_neither_json_nor_one_the_route_takes(
      String type) {
    h.send(head(POST, StreamHarness.FORM_PATH, 2L, type.isEmpty() ? null : type));

    assertThat(h.answer().status()).isEqualTo(415);
    assertThat(h.requests).isEmpty();
  }

  @Test
  void should_not_ask_for_a_content_type_when_the_body_is_empty() {
    h.send(head(POST, NBSP, 0L, null), last(""));

    assertThat(h.answer().status()).isEqualTo(200);
    assertThat(h.requests.get(0).body()).isEmpty();
  }

  @Test
  void should_answer_429_with_retry_after_when_as_many_requests_are_in_flight_as_allowed() {
    StreamHarness limited =
        new StreamHarness(SbiServerSettings.defaults("sbi", "127.0.0.1", 0).withMaxInFlight(2));
    limited.metrics.inFlight.set(2);

    limited.send(head(POST, NBSP, 2L, "application/json"));

    StreamHarness.Answer a =
        limited.answer().assertProblem("NF_CONGESTION_RISK").assertNbspAnswer();
    assertThat(a.status()).isEqualTo(429);
    assertThat(a.headers()).containsEntry("retry-after", "1");
    assertThat(limited.channel.isOpen()).isFalse();
    assertThat(limited.requests).isEmpty();
  }

  @Test
  void should_ignore_what_comes_after_an_answer_from_the_head_when_the_stream_is_not_closed_yet() {
    StreamHarness other = new StreamHarness();
    // The stream's close is held, as when the HTTP/2 child channel has not closed yet.
    other
        .channel
        .pipeline()
        .addFirst(
            new ChannelOutboundHandlerAdapter() {
              @Override
              public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
                promise.setSuccess();
              }
            });
    HttpContent late = last("{}");

    other.send(head(PUT, NBSP, 2L, "application/json"), late);

    assertThat(other.answer().status()).isEqualTo(405);
    other.assertNoAnswer();
    assertThat(late.refCnt()).isZero();
    assertThat(other.requests).isEmpty();
  }

  @Test
  void should_keep_128_printable_ascii_characters_when_a_peer_string_goes_into_a_detail() {
    assertThat(SbiStreamHandler.printable("text/json\r\nx: \u00e9")).isEqualTo("text/json??x: ?");
    assertThat(SbiStreamHandler.printable("/" + "a".repeat(200)))
        .hasSize(129)
        .startsWith("/aaa")
        .endsWith("a\u2026");
  }

  @Test
  void should_cut_the_path_in_the_404_detail_when_it_is_longer_than_128_characters() {
    h.send(head(POST, "/" + "p".repeat(300), 2L, "application/json"));

    StreamHarness.Answer a = h.answer().assertProblem("RESOURCE_URI_STRUCTURE_NOT_FOUND");
    assertThat(a.text()).contains("/" + "p".repeat(127) + "\u2026").doesNotContain("p".repeat(128));
  }
}
