<?xml version="1.0" encoding="UTF-8"?>
<!-- Shows feed.xml as a page when someone opens it in a browser. Podcast apps ignore it. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <xsl:output method="html" encoding="UTF-8" indent="yes" doctype-system="about:legacy-compat"/>
  <xsl:template match="/rss/channel">
    <html lang="{language}">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title><xsl:value-of select="title"/> (podcast feed)</title>
        <style>
          body { font: 1rem/1.6 system-ui, sans-serif; max-width: 44rem; margin: 0 auto; padding: 1rem; color: #1d1d1f; background: #fff; }
          @media (prefers-color-scheme: dark) { body { color: #ececee; background: #151517; } a { color: #ff8a65; } .hint { background: #202024; } }
          a { color: #b3361b; }
          .hint { background: #f6f5f3; border-left: 4px solid #b3361b; padding: 0.75rem 1rem; border-radius: 6px; }
          code { word-break: break-all; font-size: 0.95rem; }
          li { margin: 0.4rem 0; }
          .meta { color: #777; font-size: 0.9rem; }
        </style>
      </head>
      <body>
        <p class="hint"><strong>This is a podcast feed.</strong> Copy this address into your podcast app to subscribe:<br/>
          <code><xsl:value-of select="atom:link[@rel='self']/@href"/></code></p>
        <h1><xsl:value-of select="title"/></h1>
        <p><xsl:value-of select="description"/></p>
        <p><a href="{link}">Open the archive</a></p>
        <h2>Episodes in this feed</h2>
        <ul>
          <xsl:for-each select="item">
            <li><a href="{link}"><xsl:value-of select="title"/></a>
              <span class="meta"><xsl:text> </xsl:text><xsl:value-of select="substring(pubDate, 6, 11)"/></span></li>
          </xsl:for-each>
        </ul>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
