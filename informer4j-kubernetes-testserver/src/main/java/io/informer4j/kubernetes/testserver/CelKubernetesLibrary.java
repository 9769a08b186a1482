package io.informer4j.kubernetes.testserver;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.TypeParamType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The Kubernetes CEL libraries CEL for Java does not have, as the API server declares them for
 * validation rules: the list library (k8s.io/apiserver pkg/cel/library/lists.go: {@code isSorted()},
 * {@code sum()} of ints or doubles, {@code min()}, {@code max()}, {@code indexOf(x)},
 * {@code lastIndexOf(x)}) and the regex library (pkg/cel/library/regex.go: {@code find(re)},
 * {@code findAll(re)}, {@code findAll(re, n)}). Regular expressions are Java's, not RE2. Stateless.
 */
final class CelKubernetesLibrary {

  private static final CelType T = TypeParamType.create("T");
  private static final CelType LIST_OF_T = ListType.create(T);
  private static final CelType STRINGS = ListType.create(SimpleType.STRING);

  private CelKubernetesLibrary() {
  }

  /** Returns the declarations of the functions, for the compiler. */
  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("isSorted", CelOverloadDecl.newMemberOverload("list_is_sorted",
            SimpleType.BOOL, LIST_OF_T)),
        CelFunctionDecl.newFunctionDeclaration("sum",
            CelOverloadDecl.newMemberOverload("list_int_sum", SimpleType.INT, ListType.create(SimpleType.INT)),
            CelOverloadDecl.newMemberOverload("list_double_sum", SimpleType.DOUBLE, ListType.create(SimpleType.DOUBLE))),
        CelFunctionDecl.newFunctionDeclaration("min", CelOverloadDecl.newMemberOverload("list_min", T, LIST_OF_T)),
        CelFunctionDecl.newFunctionDeclaration("max", CelOverloadDecl.newMemberOverload("list_max", T, LIST_OF_T)),
        CelFunctionDecl.newFunctionDeclaration("indexOf", CelOverloadDecl.newMemberOverload("list_index_of",
            SimpleType.INT, LIST_OF_T, T)),
        CelFunctionDecl.newFunctionDeclaration("lastIndexOf", CelOverloadDecl.newMemberOverload("list_last_index_of",
            SimpleType.INT, LIST_OF_T, T)),
        CelFunctionDecl.newFunctionDeclaration("find", CelOverloadDecl.newMemberOverload("string_find_string",
            SimpleType.STRING, SimpleType.STRING, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("findAll",
            CelOverloadDecl.newMemberOverload("string_find_all_string", STRINGS, SimpleType.STRING, SimpleType.STRING),
            CelOverloadDecl.newMemberOverload("string_find_all_string_int", STRINGS, SimpleType.STRING, SimpleType.STRING,
                SimpleType.INT)));
  }

  /** Returns the implementations of the functions, for the runtime. */
  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("list_is_sorted", List.class, list -> isSorted(list)),
        CelFunctionBinding.from("list_int_sum", List.class, CelKubernetesLibrary::sumOfInts),
        CelFunctionBinding.from("list_double_sum", List.class, list -> list.stream()
            .mapToDouble(v -> ((Number) v).doubleValue()).sum()),
        CelFunctionBinding.from("list_min", List.class, list -> extreme(list, "min", -1)),
        CelFunctionBinding.from("list_max", List.class, list -> extreme(list, "max", 1)),
        CelFunctionBinding.from("list_index_of", List.class, Object.class, (list, item) -> (long) list.indexOf(item)),
        CelFunctionBinding.from("list_last_index_of", List.class, Object.class,
            (list, item) -> (long) list.lastIndexOf(item)),
        CelFunctionBinding.from("string_find_string", String.class, String.class, (text, regex) -> {
          Matcher matcher = pattern(regex).matcher(text);
          return matcher.find() ? matcher.group() : "";
        }),
        CelFunctionBinding.from("string_find_all_string", String.class, String.class,
            (text, regex) -> findAll(text, regex, -1)),
        CelFunctionBinding.from("string_find_all_string_int", List.of(String.class, String.class, Long.class),
            args -> findAll((String) args[0], (String) args[1], (Long) args[2])));
  }

  /** A parse that may fail. */
  interface Parse {
    void run() throws Exception;
  }

  /**
   * The libraries' {@code isX(s)} functions: true when {@code parse} returns, false when it throws
   * (a parse failure is the answer, never an error).
   */
  static boolean parses(Parse parse) {
    try {
      parse.run();
      return true;
    } catch (Exception unparsable) {
      return false;
    }
  }

  private static boolean isSorted(List<?> list) throws CelEvaluationException {
    for (int i = 1; i < list.size(); i++) {
      if (compare(list.get(i - 1), list.get(i)) > 0) {
        return false;
      }
    }
    return true;
  }

  private static long sumOfInts(List<?> list) throws CelEvaluationException {
    long sum = 0;
    for (Object value : list) {
      try {
        sum = Math.addExact(sum, ((Number) value).longValue());
      } catch (ArithmeticException e) {
        throw new CelEvaluationException("integer overflow");
      }
    }
    return sum;
  }

  private static Object extreme(List<?> list, String name, int sign) throws CelEvaluationException {
    if (list.isEmpty()) {
      throw new CelEvaluationException(name + " called on empty list");
    }
    Object found = list.get(0);
    for (Object value : list) {
      if (compare(value, found) * sign > 0) {
        found = value;
      }
    }
    return found;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) throws CelEvaluationException {
    if (a instanceof Number x && b instanceof Number y) {
      return Double.compare(x.doubleValue(), y.doubleValue());
    }
    if (a instanceof Comparable comparable && a.getClass().equals(b.getClass())) {
      return comparable.compareTo(b);
    }
    throw new CelEvaluationException("no such overload");
  }

  private static List<String> findAll(String text, String regex, long limit) throws CelEvaluationException {
    if (limit == 0) {
      return Collections.emptyList();
    }
    List<String> found = new ArrayList<>();
    Matcher matcher = pattern(regex).matcher(text);
    while ((limit < 0 || found.size() < limit) && matcher.find()) {
      found.add(matcher.group());
    }
    return found;
  }

  private static Pattern pattern(String regex) throws CelEvaluationException {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new CelEvaluationException("invalid regex: " + e.getDescription());
    }
  }
}
