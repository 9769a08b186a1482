package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Custom resources checked by rules that use the Kubernetes CEL libraries for quantities
 * (k8s.io/apiserver pkg/cel/library/quantity.go), IP addresses (ip.go), CIDRs (cidr.go), URLs (urls.go)
 * named formats (format.go) and semantic versions (semverlib.go), with the
 * answers the API server gives: a failed rule names its message, a runtime error (a string that is
 * not a quantity, an address or a prefix, a quantity that is no int64) is
 * {@code <error> evaluating rule: <rule>} (k8s.io/apiextensions-apiserver
 * pkg/apiserver/schema/cel/validation.go), with the libraries' own error texts. The API server reports the causes of one object in no fixed order.
 */
@EnableKubernetesTestServer(crds = "crds/cel-libraries.yaml")
class CelLibrariesTest {

  private static final String GADGETS = "/apis/example.com/v1/namespaces/default/gadgets";
  private static final String BUDGET_RULE = "quantity(self).add(quantity('500m')).sub(1).compareTo(quantity('1.5')) <= 0"
      + " && quantity(self).sub(quantity('1')).add(2).asApproximateFloat() <= 3.5 && quantity(self).asInteger() >= 0";

  private static final AtomicInteger CREATED = new AtomicInteger();

  KubernetesTestServer server;

  private RawHttp.Answer create(String specJson) {
    return new RawHttp(server).post(GADGETS, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Gadget\","
        + "\"metadata\":{\"name\":\"g" + CREATED.incrementAndGet() + "\"},\"spec\":" + specJson.replace('\'', '"') + "}");
  }

  @Test
  void quantitiesAreParsedComparedAndTested() {
    assertThat(create("{'memory':'512Mi','count':'4k','budget':'1'}").code()).isEqualTo(201);

    assertThat(create("{'memory':'2Gi','count':'3','budget':'2500m'}").invalidCauses()).containsExactlyInAnyOrder(
        "FieldValueInvalid spec.memory Invalid value: \"string\": memory must be a quantity above 64Mi and below 1Gi",
        "FieldValueInvalid spec.count Invalid value: \"string\": count must be an even whole number",
        "FieldValueInvalid spec.budget Invalid value: \"string\": failed rule: " + BUDGET_RULE);
    assertThat(create("{'memory':'64Mi','count':'-2'}").invalidCauses()).containsExactlyInAnyOrder(
        "FieldValueInvalid spec.memory Invalid value: \"string\": memory must be a quantity above 64Mi and below 1Gi",
        "FieldValueInvalid spec.count Invalid value: \"string\": count must be an even whole number");
    assertThat(create("{'memory':'lots'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.memory Invalid value: \"string\": memory must be a quantity above 64Mi and below 1Gi");
  }

  @Test
  void aStringThatIsNoQuantityOrNoIntegerIsARuntimeError() {
    assertThat(create("{'count':'10Mo','budget':'0.5'}").invalidCauses()).containsExactlyInAnyOrder(
        "FieldValueInvalid spec.count Invalid value: \"string\": quantities must match the regular expression"
            + " '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' evaluating rule: count must be an even whole number",
        "FieldValueInvalid spec.budget Invalid value: \"string\": cannot convert value to integer evaluating rule: "
            + BUDGET_RULE);
    assertThat(create("{'count':'10Mm'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.count Invalid value: \"string\": unable to parse quantity's suffix evaluating rule:"
            + " count must be an even whole number");
  }

  @Test
  void addressesAreParsedClassifiedAndWrittenCanonically() {
    assertThat(create("{'address':'203.0.113.7','linkLocal':'fe80::1','canonical':'2001:db8::1'}").code())
        .isEqualTo(201);
    assertThat(create("{'linkLocal':'224.0.0.251','canonical':'10.0.0.1'}").code()).isEqualTo(201);

    assertThat(create("{'address':'127.0.0.1','linkLocal':'10.1.2.3','canonical':'2001:DB8:0:0::1'}").invalidCauses())
        .containsExactlyInAnyOrder(
            "FieldValueInvalid spec.address Invalid value: \"string\": address must be a global unicast IPv4 address",
            "FieldValueInvalid spec.linkLocal Invalid value: \"string\": failed rule: ip(self).isLinkLocalUnicast()"
                + " || ip(self).isLinkLocalMulticast()",
            "FieldValueInvalid spec.canonical Invalid value: \"string\": the address must be written canonically");
    assertThat(create("{'address':'2001:db8::1'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.address Invalid value: \"string\": address must be a global unicast IPv4 address");
    assertThat(create("{'address':'0.0.0.0'}").invalidCauses()).hasSize(1);
  }

  @Test
  void anAddressThatDoesNotParseIsARuntimeErrorWithTheLibrarysMessage() {
    assertThat(create("{'linkLocal':'010.1.2.3'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.linkLocal Invalid value: \"string\": IP Address \"010.1.2.3\" parse error during"
            + " conversion from string: ParseAddr(\"010.1.2.3\"): IPv4 field has octet with leading zero evaluating rule:"
            + " ip(self).isLinkLocalUnicast() || ip(self).isLinkLocalMulticast()");
    assertThat(create("{'linkLocal':'fe80::1%eth0'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.linkLocal Invalid value: \"string\": IP address \"fe80::1%eth0\" with zone value is not"
            + " allowed evaluating rule: ip(self).isLinkLocalUnicast() || ip(self).isLinkLocalMulticast()");
    assertThat(create("{'canonical':'10.1.2.3.4'}").invalidCauses()).singleElement().asString()
        .contains("ParseAddr(\"10.1.2.3.4\"): IPv4 address too long evaluating rule");
    assertThat(create("{'canonical':'::ffff:10.0.0.1'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.canonical Invalid value: \"string\": IPv4-mapped IPv6 address \"::ffff:10.0.0.1\" is"
            + " not allowed evaluating rule: the address must be written canonically");
  }

  @Test
  void prefixesContainAddressesAndPrefixes() {
    assertThat(create("{'subnet':'10.20.0.0/16','gateway':'10.20.0.1','network':'192.168.0.0/24'}").code())
        .isEqualTo(201);

    assertThat(create("{'subnet':'10.20.0.1/16','gateway':'10.21.0.1','network':'192.168.1.0/24'}").invalidCauses())
        .containsExactlyInAnyOrder(
            "FieldValueInvalid spec Invalid value: \"object\": the gateway must lie in the subnet",
            "FieldValueInvalid spec.subnet Invalid value: \"string\": subnet must be a masked CIDR of /16 or longer"
                + " inside 10.0.0.0/8",
            "FieldValueInvalid spec.network Invalid value: \"string\": failed rule: cidr(self).containsIP('192.168.0.1')");
    assertThat(create("{'subnet':'10.0.0.0/12'}").invalidCauses()).hasSize(1);
    assertThat(create("{'subnet':'172.16.0.0/16'}").invalidCauses()).hasSize(1);
  }

  @Test
  void aPrefixThatDoesNotParseIsARuntimeErrorWithTheLibrarysMessage() {
    assertThat(create("{'network':'192.168.0.0'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.network Invalid value: \"string\": network address parse error during conversion from"
            + " string: network address parse error during conversion from string: netip.ParsePrefix(\"192.168.0.0\"):"
            + " no '/' evaluating rule: cidr(self).containsIP('192.168.0.1')");
    assertThat(create("{'network':'192.168.0.0/33'}").invalidCauses()).singleElement().asString()
        .contains("netip.ParsePrefix(\"192.168.0.0/33\"): prefix length out of range evaluating rule");
  }

  @Test
  void urlsAreSplitAsGoSplitsThem() {
    assertThat(create("{'website':'https://example.com:8443/docs/a%20b?x=1#top','callback':'/hook?token=a+b&token=c'}")
        .code()).isEqualTo(201);
    assertThat(create("{'website':'mailto:docs@example.com','callback':'/hook?token=a'}").invalidCauses())
        .containsExactlyInAnyOrder(
            "FieldValueInvalid spec.website Invalid value: \"string\": website must be an https URL of example.com under /docs",
            "FieldValueInvalid spec.callback Invalid value: \"string\": failed rule: url(self).getQuery()['token'] == ['a b', 'c']");
  }

  @Test
  void aStringThatIsNoRequestUriIsARuntimeErrorWithGosMessage() {
    assertThat(create("{'callback':'hook?token=a'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.callback Invalid value: \"string\": URL parse error during conversion from string: parse"
            + " \"hook?token=a\": invalid URI for request evaluating rule: url(self).getQuery()['token'] == ['a b', 'c']");
    assertThat(create("{'website':'https://example.com/docs/ x'}").code()).isEqualTo(201);
    assertThat(create("{'website':'example.com/docs'}").invalidCauses()).hasSize(1);
  }

  @Test
  void namedFormatsValidateWithTheServersNameChecks() {
    assertThat(create("{'slug':'my-gadget','formatted':{'name':'uuid','value':'123e4567-e89b-12d3-a456-426614174000'}}")
        .code()).isEqualTo(201);
    assertThat(create("{'formatted':{'name':'dns1035LabelPrefix','value':'gadget-'}}").code()).isEqualTo(201);

    assertThat(create("{'slug':'My_Gadget','formatted':{'name':'date','value':'2024-02-30'}}").invalidCauses())
        .containsExactlyInAnyOrder(
            "FieldValueInvalid spec.slug Invalid value: \"string\": a lowercase RFC 1123 label must consist of lower case"
                + " alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g."
                + " 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "FieldValueInvalid spec.formatted Invalid value: \"object\": invalid date");
    assertThat(create("{'formatted':{'name':'uri','value':'docs'}}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.formatted Invalid value: \"object\": parse \"docs\": invalid URI for request");
    assertThat(create("{'formatted':{'name':'colour','value':'red'}}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.formatted Invalid value: \"object\": no format colour");
  }

  @Test
  void semanticVersionsAreComparedAsSemverOrdersThem() {
    for (String accepted : List.of("1.2.0", "1.2.0-rc.2", "1.2.0-rc.1.a", "1.3.1+build.1")) {
      assertThat(create("{'version':'" + accepted + "','release':'" + accepted + "'}").code()).as(accepted)
          .isEqualTo(201);
    }
    for (String refused : List.of("1.2.0-rc.0", "1.2.0-rc", "1.3.0+build.9", "2.0.0")) {
      assertThat(create("{'version':'" + refused + "'}").invalidCauses()).as(refused).containsExactly(
          "FieldValueInvalid spec.version Invalid value: \"string\": version must be a 1.x release after 1.2.0-rc.1,"
              + " other than 1.3.0");
    }
    assertThat(create("{'release':'v1.2.3'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.release Invalid value: \"string\": release must be a semantic version");
  }

  @Test
  void aStringThatIsNoVersionIsARuntimeErrorWithSemversMessage() {
    String rule = " evaluating rule: version must be a 1.x release after 1.2.0-rc.1, other than 1.3.0";
    assertThat(create("{'version':'1.2'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.version Invalid value: \"string\": No Major.Minor.Patch elements found" + rule);
    assertThat(create("{'version':'01.2.3'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.version Invalid value: \"string\": Major number must not contain leading zeroes \"01\""
            + rule);
    assertThat(create("{'version':'1.2.3-rc.01'}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.version Invalid value: \"string\": Numeric PreRelease version must not contain leading"
            + " zeroes \"01\"" + rule);
  }
}
