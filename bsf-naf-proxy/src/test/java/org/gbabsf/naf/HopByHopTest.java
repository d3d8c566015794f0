package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HopByHopTest {

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "X-3GPP-Asserted-Identity, true",
    "x-3gpp-asserted-identity, true",
    "X-3GPP-Asserted_Identity, true",
    "X_3GPP_INTENDED_IDENTITY, true",
    "x-3gpp-anything,          true",
    "X-3GP-Asserted-Identity,  false",
    "X-Asserted-Identity,      false",
    "Content-Type,             false",
  })
  void should_recognise_3gpp_look_alikes_when_case_and_underscores_vary(
      String name, boolean lookalike) {
    assertThat(HopByHop.threeGppLookalike(name)).isEqualTo(lookalike);
  }

  @Test
  void should_remove_hop_by_hop_fields_and_those_connection_names_when_forwarding() {
    HttpHeaders h = new DefaultHttpHeaders();
    h.add("Connection", "keep-alive, X-Secret");
    h.add("Connection", "X-Other");
    h.add("X-Secret", "s");
    h.add("X-Other", "o");
    for (CharSequence f : HopByHop.FIELDS) {
      h.add(f, "v");
    }
    h.add("Content-Type", "text/plain");
    h.add("Accept", "*/*");

    HopByHop.remove(h);

    assertThat(h.names()).containsExactlyInAnyOrder("Content-Type", "Accept");
  }

  @Test
  void should_remove_claims_and_keep_forwarded_for_only_when_appending() {
    HttpHeaders h = new DefaultHttpHeaders();
    h.add("X-3GPP-Asserted_Identity", "evil");
    h.add("Forwarded", "for=1.2.3.4");
    h.add("X-Forwarded-Host", "evil");
    h.add("X-Forwarded-For", "1.2.3.4");
    h.add("X_Forwarded_For", "5.6.7.8");
    h.add("Accept", "*/*");

    HttpHeaders append = h.copy();
    HopByHop.removeClaims(append, true);
    HopByHop.removeClaims(h, false);

    assertThat(append.names()).containsExactlyInAnyOrder("X-Forwarded-For", "Accept");
    assertThat(h.names()).containsExactly("Accept");
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = ';',
      value = {"chunked; false", "Chunked; false", "gzip, chunked; true", "identity; true"})
  void should_refuse_every_coding_but_chunked_when_a_request_names_one(
      String coding, boolean unknown) {
    HttpHeaders h = new DefaultHttpHeaders().add("Transfer-Encoding", coding);

    assertThat(HopByHop.unknownTransferCoding(h)).isEqualTo(unknown);
  }
}
