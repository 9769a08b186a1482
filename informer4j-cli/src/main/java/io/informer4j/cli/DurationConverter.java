package io.informer4j.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Reads durations as people write them on a command line: {@code 500ms}, {@code 20s}, {@code 2m},
 * {@code 1h}, {@code 1m30s}, or a plain number of seconds. Thread-safe.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

  private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h)");

  /**
   * Parses {@code text}.
   *
   * @throws CommandLine.TypeConversionException naming the text if it is not a duration
   */
  @Override
  public Duration convert(String text) {
    return parse(text);
  }

  /**
   * Parses {@code text} (see the class comment).
   *
   * @throws CommandLine.TypeConversionException naming the text if it is not a positive duration
   */
  public static Duration parse(String text) {
    String trimmed = text == null ? "" : text.trim();
    if (trimmed.matches("\\d+")) {
      return positive(Duration.ofSeconds(Long.parseLong(trimmed)), text);
    }
    Matcher matcher = PART.matcher(trimmed);
    Duration total = Duration.ZERO;
    int end = 0;
    while (matcher.find() && matcher.start() == end) {
      long amount = Long.parseLong(matcher.group(1));
      total = total.plus(switch (matcher.group(2)) {
        case "ms" -> Duration.ofMillis(amount);
        case "s" -> Duration.ofSeconds(amount);
        case "m" -> Duration.ofMinutes(amount);
        default -> Duration.ofHours(amount);
      });
      end = matcher.end();
    }
    if (end == 0 || end != trimmed.length()) {
      throw new CommandLine.TypeConversionException("'" + text + "' is not a duration (examples: 20s, 2m, 1m30s, 500ms)");
    }
    return positive(total, text);
  }

  private static Duration positive(Duration duration, String text) {
    if (duration.isZero()) {
      throw new CommandLine.TypeConversionException("'" + text + "' is not a positive duration");
    }
    return duration;
  }
}
