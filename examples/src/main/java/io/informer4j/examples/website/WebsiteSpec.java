package io.informer4j.examples.website;

/** What a {@link Website} asks for: its page and how many web servers serve it. */
public class WebsiteSpec {

  private int replicas = 1;
  private String html = "";

  /** Returns how many web servers serve the page (1 when not given). */
  public int getReplicas() {
    return replicas;
  }

  /** Sets how many web servers serve the page. */
  public void setReplicas(int replicas) {
    this.replicas = replicas;
  }

  /** Returns the page, served as {@code index.html} (empty when not given). */
  public String getHtml() {
    return html;
  }

  /** Sets the page. */
  public void setHtml(String html) {
    this.html = html;
  }
}
