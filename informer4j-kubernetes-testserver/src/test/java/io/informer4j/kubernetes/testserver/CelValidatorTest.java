package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Validation rules compiled and run without a server: the CEL types and values the API server
 * gives a schema (k8s.io/apiserver pkg/cel/common/schemas.go and values.go: formats, escaped property
 * names, int-or-string), the libraries it declares (pkg/cel/environment/base.go; the Kubernetes list
 * and regex libraries of pkg/cel/library) and the checks of a rule's {@code fieldPath}
 * (apiextensions-apiserver pkg/apiserver/schema/cel/validation.go, ValidFieldPath).
 */
class CelValidatorTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(String text) {
    return JSON.readValue(text.replace('\'', '"'), Map.class);
  }

  private static Map<String, Object> schema(List<String> rules) {
    List<Map<String, Object>> validations = rules.stream().map(rule -> Map.<String, Object>of("rule", rule)).toList();
    Map<String, Object> spec = json("{'type':'object','properties':{'nums':{'type':'array','items':{'type':'integer'}},"
        + "'hosts':{'type':'array','items':{'type':'string'}},'name':{'type':'string'},'note':{'type':'string'},"
        + "'timeout':{'type':'string','format':'duration'},'since':{'type':'string','format':'date-time'},"
        + "'x-forwarded':{'type':'string'},'port':{'x-kubernetes-int-or-string':true},'ratio':{'type':'number'}}}");
    spec.put("x-kubernetes-validations", validations);
    return Map.of("type", "object", "properties", Map.of("spec", spec));
  }

  private static List<String> validate(List<String> rules, String specJson) {
    List<FieldError> problems = new ArrayList<>();
    CelValidator validator = CelValidator.compile(schema(rules), "openAPIV3Schema", problems);
    assertThat(problems).isEmpty();
    Map<String, Object> document = json("{'apiVersion':'example.com/v1','kind':'Thing','metadata':{'name':'t'},"
        + "'spec':" + specJson + "}");
    return validator.validate(document, null, new ArrayList<>()).stream().map(FieldError::toString).toList();
  }

  @Test
  void theKubernetesLibrariesAndCelExtensionsAreThere() {
    List<String> rules = List.of(
        "self.hosts.isSorted() && !['b', 'a'].isSorted()",
        "self.nums.sum() == 6 && [1.5, 2.5].sum() == 4.0",
        "self.nums.min() == 1 && self.nums.max() == 3",
        "self.nums.indexOf(2) == 1 && [2, 2].lastIndexOf(2) == 1 && self.nums.indexOf(7) == -1",
        "self.name.find('[0-9]+') == '42' && self.name.findAll('[a-z]') == ['a', 'b'] && self.name.findAll('[a-z]', 1) == ['a']",
        "sets.contains(self.hosts, ['a.example.com']) && sets.intersects(self.hosts, ['x', 'b.example.com'])",
        "self.?note.orValue('none') == 'none' && !has(self.note)",
        "self.name.upperAscii() == 'A42B' && self.name.substring(1, 3) == '42' && self.hosts.join(',').contains(',')",
        "self.hosts.all(h, h.endsWith('.example.com')) && self.hosts.exists_one(h, h.startsWith('a'))"
            + " && self.nums.map(n, n * 2).filter(n, n > 2).size() == 2 && self.name.matches('^a[0-9]+b$')");

    assertThat(validate(rules, "{'nums':[1,2,3],'hosts':['a.example.com','b.example.com'],'name':'a42b'}")).isEmpty();
  }

  @Test
  void formatsEscapedNamesAndIntOrStringHaveTheirCelTypes() {
    List<String> rules = List.of(
        "self.timeout > duration('1h') && self.timeout < duration('2h')",
        "self.since < timestamp('2030-01-01T00:00:00Z') && self.since.getFullYear() == 2024",
        "self.x__dash__forwarded == 'proxy'",
        "self.port == 80 || self.port == 'http'",
        "self.ratio > 1");

    assertThat(validate(rules, "{'timeout':'1h30m','since':'2024-05-01T10:00:00Z','x-forwarded':'proxy','port':'http',"
        + "'ratio':1.5}")).isEmpty();
    assertThat(validate(rules, "{'timeout':'1h30m','since':'2024-05-01T10:00:00Z','x-forwarded':'proxy','port':81,"
        + "'ratio':1}")).containsExactly(
        "spec: Invalid value: \"object\": failed rule: self.port == 80 || self.port == 'http'",
        "spec: Invalid value: \"object\": failed rule: self.ratio > 1");
  }

  @Test
  void aFieldPathMustLeadToAField() {
    Map<String, Object> schema = json("{'type':'object','properties':{'a':{'type':'object','properties':{'b':"
        + "{'type':'string'}}},'m':{'type':'object','additionalProperties':{'type':'string'}}}}");

    assertThat(CelFieldPaths.normalize(".a.b", schema)).isEqualTo("a.b");
    assertThat(CelFieldPaths.normalize(".m['x.y']", schema)).isEqualTo("m[x.y]");
    assertThat(CelFieldPaths.normalize("['a'].b", schema)).isEqualTo("a.b");
    assertThat(problem(".a.c", schema)).isEqualTo("does not refer to a valid field");
    assertThat(problem("a.b", schema)).isEqualTo("expected [ or . but got: a.b");
    assertThat(problem(".m[x]", schema)).isEqualTo("expected single quoted string but got x]");
  }

  private static String problem(String path, Map<String, Object> schema) {
    try {
      return "normalized to " + CelFieldPaths.normalize(path, schema);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  @Test
  void aMessageExpressionMustBeAString() {
    Map<String, Object> schema = json("{'type':'object','x-kubernetes-validations':[{'rule':'true',"
        + "'messageExpression':'1 + 1'},{'rule':'1'}]}");
    List<FieldError> problems = new ArrayList<>();

    CelValidator.compile(schema, "openAPIV3Schema", problems);

    assertThat(problems).extracting(FieldError::field).containsExactly(
        "openAPIV3Schema.x-kubernetes-validations[0].messageExpression", "openAPIV3Schema.x-kubernetes-validations[1].rule");
    assertThat(problems.get(0).detail()).endsWith("messageExpression must evaluate to a string");
    assertThat(problems.get(1).detail()).endsWith("cel expression must evaluate to a bool");
  }
}
