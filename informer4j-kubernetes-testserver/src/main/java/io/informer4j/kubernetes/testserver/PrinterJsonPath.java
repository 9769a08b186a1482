package io.informer4j.kubernetes.testserver;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JSONPath of a CRD's printer column, evaluated as k8s.io/client-go/util/jsonpath evaluates
 * {@code {<jsonPath>}} with missing keys allowed, for the forms printer columns use: fields
 * ({@code .spec.replicas}, {@code ['a.b']}), the whole object ({@code .}), array indexes
 * ({@code [0]}, {@code [-1]}), wildcards ({@code [*]}, {@code .*}) and filters comparing a
 * relative path with a literal ({@code [?(@.type=="Ready")]}, {@code !=}, {@code <}, {@code <=},
 * {@code >}, {@code >=}) or testing that it exists ({@code [?(@.ready)]}). A missing key or an
 * index out of range selects nothing. Immutable and thread-safe.
 */
final class PrinterJsonPath {

  private sealed interface Step permits Field, Index, Wildcard, Filter {
  }

  private record Field(String name) implements Step {
  }

  private record Index(int index) implements Step {
  }

  private record Wildcard() implements Step {
  }

  private record Filter(PrinterJsonPath left, String operator, Object literal) implements Step {
  }

  private final String text;
  private final List<Step> steps;

  private PrinterJsonPath(String text, List<Step> steps) {
    this.text = text;
    this.steps = List.copyOf(steps);
  }

  /**
   * Parses a printer column's path.
   *
   * @throws IllegalArgumentException naming the path and the position when it is not of the forms read here
   */
  static PrinterJsonPath parse(String path) {
    Parser parser = new Parser(path, 0);
    List<Step> steps = parser.steps(false);
    if (parser.position != path.length()) {
      throw parser.error("unexpected '" + path.charAt(parser.position) + "'");
    }
    return new PrinterJsonPath(path, steps);
  }

  /** Returns the values the path selects in {@code document}, in document order (none when a key is missing). */
  List<Object> find(Object document) {
    List<Object> current = new ArrayList<>();
    current.add(document);
    for (Step step : steps) {
      List<Object> next = new ArrayList<>();
      for (Object value : current) {
        apply(step, value, next);
      }
      current = next;
    }
    return current;
  }

  private static void apply(Step step, Object value, List<Object> next) {
    if (step instanceof Field field) {
      if (value instanceof Map<?, ?> map && map.containsKey(field.name())) {
        next.add(map.get(field.name()));
      }
    } else if (step instanceof Index index) {
      if (value instanceof List<?> list) {
        int at = index.index() < 0 ? list.size() + index.index() : index.index();
        if (at >= 0 && at < list.size()) {
          next.add(list.get(at));
        }
      }
    } else if (step instanceof Filter filter) {
      if (value instanceof List<?> list) {
        for (Object item : list) {
          if (matches(filter, item)) {
            next.add(item);
          }
        }
      }
    } else if (value instanceof Map<?, ?> map) {
      next.addAll(map.values());
    } else if (value instanceof List<?> list) {
      next.addAll(list);
    }
  }

  @Override
  public String toString() {
    return text;
  }

  private static boolean matches(Filter filter, Object item) {
    List<Object> found = filter.left().find(item);
    if (filter.operator() == null) {
      return !found.isEmpty();
    }
    for (Object value : found) {
      if (compare(value, filter.operator(), filter.literal())) {
        return true;
      }
    }
    return false;
  }

  private static boolean compare(Object value, String operator, Object literal) {
    if (value instanceof Number number && literal instanceof BigDecimal expected) {
      int order = new BigDecimal(number.toString()).compareTo(expected);
      return switch (operator) {
        case "==" -> order == 0;
        case "!=" -> order != 0;
        case "<" -> order < 0;
        case "<=" -> order <= 0;
        case ">" -> order > 0;
        default -> order >= 0;
      };
    }
    boolean equal = literal instanceof BigDecimal ? false : String.valueOf(literal).equals(String.valueOf(value));
    return switch (operator) {
      case "==" -> equal;
      case "!=" -> !equal;
      default -> false;
    };
  }

  /** A recursive-descent reader of the path's text. */
  private static final class Parser {
    private final String path;
    private int position;

    Parser(String path, int position) {
      this.path = path;
      this.position = position;
    }

    /** Reads steps until the end, or (inside a filter) until a comparison or the closing parenthesis. */
    List<Step> steps(boolean inFilter) {
      List<Step> steps = new ArrayList<>();
      while (position < path.length()) {
        char c = path.charAt(position);
        if (c == '.') {
          position++;
          if (position < path.length() && path.charAt(position) == '.') {
            throw error("recursive descent (..) is not supported");
          }
          if (position < path.length() && path.charAt(position) == '*') {
            position++;
            steps.add(new Wildcard());
          } else {
            String name = identifier();
            if (!name.isEmpty()) {
              steps.add(new Field(name));
            }
          }
        } else if (c == '[') {
          steps.add(bracket());
        } else if (inFilter) {
          return steps;
        } else {
          throw error("unexpected '" + c + "'");
        }
      }
      if (inFilter) {
        throw error("unclosed filter");
      }
      return steps;
    }

    private String identifier() {
      int start = position;
      while (position < path.length() && ".[]()=!<> ".indexOf(path.charAt(position)) < 0) {
        position++;
      }
      return path.substring(start, position);
    }

    private Step bracket() {
      position++;
      if (path.startsWith("*]", position)) {
        position += 2;
        return new Wildcard();
      }
      if (path.startsWith("?(", position)) {
        position += 2;
        return filter();
      }
      char c = position < path.length() ? path.charAt(position) : ']';
      if (c == '\'' || c == '"') {
        String name = quoted();
        expect("]");
        return new Field(name);
      }
      int close = path.indexOf(']', position);
      if (close < 0) {
        throw error("unclosed [");
      }
      String index = path.substring(position, close).trim();
      try {
        position = close + 1;
        return new Index(Integer.parseInt(index));
      } catch (NumberFormatException e) {
        throw error("unsupported array selector [" + index + "]");
      }
    }

    private Step filter() {
      skipSpaces();
      if (!path.startsWith("@", position)) {
        throw error("a filter must start with @");
      }
      position++;
      int start = position;
      List<Step> left = steps(true);
      PrinterJsonPath relative = new PrinterJsonPath("@" + path.substring(start, position), left);
      skipSpaces();
      String operator = null;
      Object literal = null;
      for (String candidate : List.of("==", "!=", "<=", ">=", "<", ">")) {
        if (path.startsWith(candidate, position)) {
          operator = candidate;
          position += candidate.length();
          skipSpaces();
          literal = literal();
          skipSpaces();
          break;
        }
      }
      expect(")]");
      return new Filter(relative, operator, literal);
    }

    private Object literal() {
      char c = position < path.length() ? path.charAt(position) : ')';
      if (c == '\'' || c == '"') {
        return quoted();
      }
      int start = position;
      while (position < path.length() && path.charAt(position) != ')' && path.charAt(position) != ' ') {
        position++;
      }
      String word = path.substring(start, position);
      try {
        return new BigDecimal(word);
      } catch (NumberFormatException e) {
        throw error("unsupported literal '" + word + "'");
      }
    }

    private String quoted() {
      char quote = path.charAt(position);
      int close = path.indexOf(quote, position + 1);
      if (close < 0) {
        throw error("unclosed quote");
      }
      String text = path.substring(position + 1, close);
      position = close + 1;
      return text;
    }

    private void expect(String text) {
      if (!path.startsWith(text, position)) {
        throw error("expected '" + text + "'");
      }
      position += text.length();
    }

    private void skipSpaces() {
      while (position < path.length() && path.charAt(position) == ' ') {
        position++;
      }
    }

    IllegalArgumentException error(String problem) {
      return new IllegalArgumentException("jsonPath " + path + ": " + problem + " at position " + position);
    }
  }
}
