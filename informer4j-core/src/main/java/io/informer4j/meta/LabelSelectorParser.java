package io.informer4j.meta;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Recursive-descent parser for Kubernetes label selector text. One instance parses one text; not
 * thread-safe (it is used only inside {@link LabelSelector#parse(String)}).
 */
final class LabelSelectorParser {

  private enum Kind { IDENTIFIER, NOT, EQUALS, DOUBLE_EQUALS, NOT_EQUALS, GREATER, LESS, OPEN, CLOSE, COMMA, END }

  private record Token(Kind kind, String text, int position) {
    String describe() {
      return kind == Kind.END ? "end of input" : "'" + text + "'";
    }
  }

  private final String text;
  private final List<Token> tokens;
  private int next;

  LabelSelectorParser(String text) {
    this.text = text;
    this.tokens = tokenize(text);
  }

  List<LabelRequirement> parse() {
    List<LabelRequirement> requirements = new ArrayList<>();
    while (true) {
      requirements.add(requirement());
      Token t = take();
      if (t.kind == Kind.END) {
        return requirements;
      }
      if (t.kind != Kind.COMMA) {
        throw error(t, "expected ',' or end of input, found " + t.describe());
      }
    }
  }

  private LabelRequirement requirement() {
    Token first = take();
    if (first.kind == Kind.NOT) {
      Token key = expectIdentifier("a label key after '!'");
      Token after = peek();
      if (after.kind != Kind.COMMA && after.kind != Kind.END) {
        throw error(after, "'!" + key.text + "' takes no operator or value, found " + after.describe());
      }
      return LabelRequirement.of(key.text, LabelOperator.DOES_NOT_EXIST);
    }
    if (first.kind != Kind.IDENTIFIER) {
      throw error(first, "expected a label key or '!', found " + first.describe());
    }
    String key = first.text;
    Token op = peek();
    if (op.kind == Kind.COMMA || op.kind == Kind.END) {
      return LabelRequirement.of(key, LabelOperator.EXISTS);
    }
    take();
    return switch (op.kind) {
      case EQUALS -> LabelRequirement.of(key, LabelOperator.EQUALS, exactValue());
      case DOUBLE_EQUALS -> LabelRequirement.of(key, LabelOperator.DOUBLE_EQUALS, exactValue());
      case NOT_EQUALS -> LabelRequirement.of(key, LabelOperator.NOT_EQUALS, exactValue());
      case GREATER, LESS -> comparison(key, op);
      case IDENTIFIER -> setRequirement(key, op);
      default -> throw error(op, "expected an operator (=, ==, !=, in, notin, >, <) after '" + key + "', found " + op.describe());
    };
  }

  private LabelRequirement setRequirement(String key, Token op) {
    LabelOperator operator;
    if (op.text.equals("in")) {
      operator = LabelOperator.IN;
    } else if (op.text.equals("notin")) {
      operator = LabelOperator.NOT_IN;
    } else {
      throw error(op, "expected an operator (=, ==, !=, in, notin, >, <) after '" + key + "', found " + op.describe());
    }
    Token open = take();
    if (open.kind != Kind.OPEN) {
      throw error(open, "expected '(' after '" + op.text + "', found " + open.describe());
    }
    TreeSet<String> values = new TreeSet<>();
    if (peek().kind == Kind.CLOSE) {
      throw error(peek(), "'" + op.text + "' needs at least one value");
    }
    while (true) {
      Token value = peek();
      if (value.kind == Kind.IDENTIFIER) {
        take();
        values.add(value.text);
      } else if (value.kind == Kind.COMMA || value.kind == Kind.CLOSE) {
        values.add("");
      } else {
        throw error(value, "expected a value, ',' or ')', found " + value.describe());
      }
      Token separator = take();
      if (separator.kind == Kind.CLOSE) {
        return new LabelRequirement(key, operator, values);
      }
      if (separator.kind != Kind.COMMA) {
        throw error(separator, "expected ',' or ')' in the value set, found " + separator.describe());
      }
    }
  }

  private LabelRequirement comparison(String key, Token op) {
    Token value = expectIdentifier("an integer after '" + op.text + "'");
    try {
      Long.parseLong(value.text);
    } catch (NumberFormatException e) {
      throw error(value, "'" + value.text + "' is not an integer");
    }
    return LabelRequirement.of(key, op.kind == Kind.GREATER ? LabelOperator.GREATER_THAN : LabelOperator.LESS_THAN, value.text);
  }

  /** A value after =, == or !=; an empty value is allowed ({@code key=} selects the empty string). */
  private String exactValue() {
    Token t = peek();
    if (t.kind == Kind.COMMA || t.kind == Kind.END) {
      return "";
    }
    return expectIdentifier("a value").text;
  }

  private Token expectIdentifier(String what) {
    Token t = take();
    if (t.kind != Kind.IDENTIFIER) {
      throw error(t, "expected " + what + ", found " + t.describe());
    }
    return t;
  }

  private Token peek() {
    return tokens.get(next);
  }

  private Token take() {
    Token t = tokens.get(next);
    if (t.kind != Kind.END) {
      next++;
    }
    return t;
  }

  private SelectorParseException error(Token t, String problem) {
    return new SelectorParseException(text, t.position, problem);
  }

  private static boolean isSpecial(char c) {
    return c == '=' || c == '!' || c == '(' || c == ')' || c == ',' || c == '>' || c == '<';
  }

  private static List<Token> tokenize(String text) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      int start = i;
      switch (c) {
        case '=' -> {
          boolean doubled = i + 1 < text.length() && text.charAt(i + 1) == '=';
          out.add(new Token(doubled ? Kind.DOUBLE_EQUALS : Kind.EQUALS, doubled ? "==" : "=", start));
          i += doubled ? 2 : 1;
        }
        case '!' -> {
          boolean notEquals = i + 1 < text.length() && text.charAt(i + 1) == '=';
          out.add(new Token(notEquals ? Kind.NOT_EQUALS : Kind.NOT, notEquals ? "!=" : "!", start));
          i += notEquals ? 2 : 1;
        }
        case '(' -> out.add(new Token(Kind.OPEN, "(", i++));
        case ')' -> out.add(new Token(Kind.CLOSE, ")", i++));
        case ',' -> out.add(new Token(Kind.COMMA, ",", i++));
        case '>' -> out.add(new Token(Kind.GREATER, ">", i++));
        case '<' -> out.add(new Token(Kind.LESS, "<", i++));
        default -> {
          while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && !isSpecial(text.charAt(i))) {
            i++;
          }
          out.add(new Token(Kind.IDENTIFIER, text.substring(start, i), start));
        }
      }
    }
    out.add(new Token(Kind.END, "", text.length()));
    return out;
  }
}
