package io.informer4j.kubernetes.testserver;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import io.informer4j.kubernetes.testserver.GoUrls.Url;
import java.util.List;
import java.util.function.Function;

/**
 * The Kubernetes URL library for validation rules (k8s.io/apiserver pkg/cel/library/urls.go):
 * {@code url(s)} (a request URI: absolute, or an absolute path; the fragment is dropped),
 * {@code isURL(s)}, and on a URL {@code getScheme()}, {@code getHost()}, {@code getHostname()},
 * {@code getPort()}, {@code getEscapedPath()}, {@code getQuery()}; URLs are read as {@link GoUrls}
 * reads them. Stateless.
 */
final class CelUrlLibrary {

  /** The CEL type of a URL. */
  static final CelType URL = OpaqueType.create("kubernetes.URL");

  private CelUrlLibrary() {
  }

  /** Returns the declarations of the functions, for the compiler. */
  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("url",
            CelOverloadDecl.newGlobalOverload("string_to_url", URL, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("isURL",
            CelOverloadDecl.newGlobalOverload("is_url_string", SimpleType.BOOL, SimpleType.STRING)),
        getter("getScheme", "url_get_scheme", SimpleType.STRING),
        getter("getHost", "url_get_host", SimpleType.STRING),
        getter("getHostname", "url_get_hostname", SimpleType.STRING),
        getter("getPort", "url_get_port", SimpleType.STRING),
        getter("getEscapedPath", "url_get_escaped_path", SimpleType.STRING),
        getter("getQuery", "url_get_query", MapType.create(SimpleType.STRING, ListType.create(SimpleType.STRING))));
  }

  /** Returns the implementations of the functions, for the runtime. */
  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("string_to_url", String.class, CelUrlLibrary::url),
        CelFunctionBinding.from("is_url_string", String.class,
            text -> CelKubernetesLibrary.parses(() -> GoUrls.parseRequestUri(text))),
        binding("url_get_scheme", Url::scheme),
        binding("url_get_host", Url::host),
        binding("url_get_hostname", Url::hostname),
        binding("url_get_port", Url::port),
        binding("url_get_escaped_path", Url::path),
        binding("url_get_query", Url::query));
  }

  private static CelFunctionDecl getter(String name, String overload, CelType result) {
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newMemberOverload(overload, result, URL));
  }

  private static CelFunctionBinding binding(String overload, Function<Url, Object> getter) {
    return CelFunctionBinding.from(overload, Url.class, getter::apply);
  }

  private static Url url(String text) throws CelEvaluationException {
    try {
      GoUrls.parseRequestUri(text);
      return GoUrls.parse(text);
    } catch (IllegalArgumentException e) {
      throw new CelEvaluationException("URL parse error during conversion from string: " + e.getMessage());
    }
  }
}
